import { packageFile } from '../package-file.ts';

export const modes = ['stateful', 'static', 'dynamic'] as const;
export type Mode = (typeof modes)[number];

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/** When a proxied request is answered by the mock instead (`--fallback-on`). */
export const fallbackTriggers = ['501', '404', 'unreachable'] as const;
export type FallbackTrigger = (typeof fallbackTriggers)[number];

/** The contract bundled with the package, served when no `spec` is given. */
export const bundledSpecPath = packageFile('openapi.yaml');

/**
 * Every setting, its type and its default, in one place. The CLI, the env vars and the
 * programmatic API are all checked against this schema; the README's option table follows it.
 */
export const configSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    spec: { type: 'string', minLength: 1, default: bundledSpecPath },
    port: { type: 'integer', minimum: 0, maximum: 65535, default: 4010 },
    host: { type: 'string', minLength: 1, default: '127.0.0.1' },
    mode: { enum: [...modes], default: 'stateful' },
    seed: { type: ['string', 'number'] },
    fakeOptionals: { enum: ['some', 'all'], default: 'some' },
    fixtures: { type: 'string', minLength: 1 },
    tokens: { type: 'array', items: { type: 'string', minLength: 1 } },
    maxBody: { type: ['string', 'integer'], default: '1mb' },
    cors: { type: 'boolean', default: true },
    requestTimeout: { type: 'integer', minimum: 1, default: 30000 },
    delay: { type: ['string', 'integer'], pattern: '^\\d+(-\\d+)?$', minimum: 0, default: 0 },
    maxDelay: { type: 'integer', minimum: 1, maximum: 600000, default: 30000 },
    watch: { type: 'boolean', default: false },
    errors: { type: 'boolean', default: false },
    violationsHeader: { type: 'boolean', default: false },
    storeLimit: { type: 'integer', minimum: 1, maximum: 10000000, default: 100000 },
    storeSizeLimit: { type: ['string', 'integer'], default: '16mb' },
    store: {
      type: 'string',
      pattern: '^(memory|rediss?(-cluster)?://[^\\s]+)$',
      default: 'memory',
    },
    storePrefix: {
      type: 'string',
      pattern: '^[A-Za-z0-9_.:-]{1,64}$',
      default: 'plant-store-mock',
    },
    journalLimit: { type: 'integer', minimum: 1, maximum: 1000000, default: 10000 },
    sessionLimit: { type: 'integer', minimum: 1, maximum: 1000000, default: 10000 },
    stubLimit: { type: 'integer', minimum: 1, maximum: 1000000, default: 1000 },
    sessionStubLimit: { type: 'integer', minimum: 1, maximum: 1000000, default: 200 },
    stubSizeLimit: { type: ['string', 'integer'], default: '64kb' },
    eventClientLimit: { type: 'integer', minimum: 1, maximum: 10000, default: 64 },
    recordFile: { type: 'string', minLength: 1 },
    adminToken: { type: 'string', minLength: 1 },
    adminPort: { type: 'integer', minimum: 0, maximum: 65535 },
    allowedHosts: {
      type: 'array',
      items: {
        type: 'string',
        pattern: '^(\\*|(\\*?\\.)?[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)*\\.?)$',
      },
      default: [],
    },
    upstream: { type: 'string', pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s]+$' },
    upstreamTimeout: { type: 'integer', minimum: 1, maximum: 600000, default: 30000 },
    stubs: { type: 'string', minLength: 1 },
    mockOperations: { type: 'array', items: { type: 'string', minLength: 1 }, default: [] },
    fallbackOn: {
      type: 'array',
      items: { enum: [...fallbackTriggers, 'none'] },
      default: ['501', 'unreachable'],
    },
    logLevel: { enum: [...logLevels], default: 'info' },
    logFormat: { enum: ['json', 'pretty'], default: 'json' },
  },
} as const;

/**
 * A setting's CLI flag, without its dashes: `maxBody` is `max-body`.
 *
 * @example
 * flagName('eventClientLimit'); // 'event-client-limit'
 */
export function flagName(setting: string): string {
  return setting.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** The settings whose schema type is `integer` (`port`, `storeLimit`, ...). */
export const integerSettings = Object.entries(configSchema.properties)
  .filter(([, schema]) => 'type' in schema && schema.type === 'integer')
  .map(([key]) => key);

/** Settings after defaults are applied and values are checked. */
export interface ResolvedConfig {
  spec: string;
  port: number;
  host: string;
  mode: Mode;
  seed: string | undefined;
  fakeOptionals: 'some' | 'all';
  fixtures: string | undefined;
  tokens: readonly string[] | undefined;
  maxBodyBytes: number;
  cors: boolean;
  requestTimeout: number;
  delay: { min: number; max: number };
  maxDelay: number;
  watch: boolean;
  errors: boolean;
  violationsHeader: boolean;
  storeLimit: number;
  storeSizeChars: number;
  store: string;
  storePrefix: string;
  journalLimit: number;
  sessionLimit: number;
  stubLimit: number;
  sessionStubLimit: number;
  stubSizeBytes: number;
  eventClientLimit: number;
  recordFile: string | undefined;
  adminToken: string | undefined;
  adminPort: number | undefined;
  allowedHosts: readonly string[];
  upstream: URL | undefined;
  upstreamTimeout: number;
  stubs: string | undefined;
  mockOperations: readonly string[];
  fallbackOn: readonly FallbackTrigger[];
  logLevel: LogLevel;
  logFormat: 'json' | 'pretty';
}
