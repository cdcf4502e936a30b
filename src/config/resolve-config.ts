import type { ErrorObject } from 'ajv';
import bytes from 'bytes';
import { ConfigError } from '../errors.ts';
import {
  bundledSpecPath,
  configSchema,
  fallbackTriggers,
  flagName,
  type FallbackTrigger,
  type ResolvedConfig,
} from './config-schema.ts';
import type { MockServerOptions } from './mock-server-options.ts';
import { validate as generatedCheck } from './generated/settings-check.ts';

// The settings schema's check, compiled by ajv at build time (scripts/build-schema-checks.ts)
// with its defaults, but `spec`'s: compiling it at every start was a tenth of the start-up. A
// test checks the schema against the JSON Schema meta-schema.
const validate = generatedCheck as ((input: unknown) => boolean) & {
  errors?: ErrorObject[] | null;
};

/**
 * Applies the defaults and checks every setting; throws a ConfigError naming the first bad one.
 *
 * @example
 * resolveConfig({ port: 0, mode: 'dynamic' }).maxBodyBytes; // 1048576
 */
export function resolveConfig(options: MockServerOptions = {}): ResolvedConfig {
  const input: Record<string, unknown> = Object.fromEntries(
    Object.entries(options).filter(([, value]) => value !== undefined),
  );
  // The bundled contract's path is known at run time only; spec is the schema's first setting,
  // so it takes the place among the keys that ajv gave it when it set the default.
  input.spec ??= bundledSpecPath;
  if (!validate(input)) {
    throw new ConfigError(describeError(validate.errors?.[0], input));
  }
  const { seed, maxBody, delay, storeSizeLimit, stubSizeLimit, upstream, fallbackOn, ...kept } =
    input as unknown as Settings;
  if (kept.adminToken !== undefined) checkToken(kept.adminToken, 'adminToken');
  for (const token of kept.tokens ?? []) checkToken(token, 'tokens');
  return {
    ...kept,
    seed: seed === undefined ? undefined : String(seed),
    maxBodyBytes: parseSize(maxBody, 'maxBody'),
    delay: parseDelay(delay, kept.maxDelay),
    storeSizeChars: parseSize(storeSizeLimit, 'storeSizeLimit'),
    stubSizeBytes: parseSize(stubSizeLimit, 'stubSizeLimit'),
    upstream: upstream === undefined ? undefined : parseUpstream(upstream),
    fallbackOn: parseFallback(fallbackOn),
  };
}

/** The settings as ajv leaves them: defaults applied, the ones to convert still as given. */
type Settings = Omit<
  ResolvedConfig,
  'seed' | 'maxBodyBytes' | 'delay' | 'storeSizeChars' | 'stubSizeBytes' | 'upstream' | 'fallbackOn'
> &
  Pick<MockServerOptions, 'seed' | 'upstream'> &
  Required<
    Pick<MockServerOptions, 'maxBody' | 'delay' | 'storeSizeLimit' | 'stubSizeLimit' | 'fallbackOn'>
  >;

// A token that `Authorization: Bearer <token>` cannot carry would start a mock that no request
// can ever pass. The token is not echoed: the message may end up in a CI log.
function checkToken(token: string, name: 'adminToken' | 'tokens'): void {
  const bad = /[^\x21-\x7e]/.exec(token);
  if (bad === null) return;
  const flag = name === 'adminToken' ? '--admin-token' : '--tokens';
  const what =
    bad[0] === ' '
      ? 'a space'
      : `the character U+${(bad[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  throw new ConfigError(
    `Invalid setting ${name} (${flag}): a token has ${what} at position ${bad.index + 1}, so it can never be sent as "Authorization: Bearer <token>". Make sure to use printable ASCII without spaces.`,
  );
}

// The provider's URL: its origin and base path only. Credentials in it would be logged and
// journaled nowhere, but sent on every request: the client's own Authorization goes instead.
function parseUpstream(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch (error) {
    throw new ConfigError(
      `Invalid setting upstream (--upstream): "${value}" is not a URL. Make sure to give http://HOST:PORT or https://HOST/BASE-PATH.`,
      { cause: error },
    );
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw new ConfigError(
      'Invalid setting upstream (--upstream): the URL has credentials, a query or a fragment. Make sure to give only the origin and a base path; clients send their own credentials.',
    );
  }
  return url;
}

function parseFallback(value: readonly string[]): FallbackTrigger[] {
  if (value.includes('none')) {
    if (value.length > 1) {
      throw new ConfigError(
        `Invalid setting fallbackOn (--fallback-on): "none" cannot be listed with ${value.filter((v) => v !== 'none').join(', ')}. Make sure to give none alone, or a list of ${fallbackTriggers.join(', ')}.`,
      );
    }
    return [];
  }
  return [...new Set(value)] as FallbackTrigger[];
}

function parseDelay(value: string | number, maxDelay: number): { min: number; max: number } {
  const [min = 0, max = min] = String(value).split('-').map(Number);
  if (min > max || max > maxDelay) {
    throw new ConfigError(
      `Invalid setting delay (--delay): "${String(value)}" must be MS or MIN-MAX with MIN <= MAX <= --max-delay (${maxDelay}).`,
    );
  }
  return { min, max };
}

function parseSize(
  value: string | number,
  name: 'maxBody' | 'stubSizeLimit' | 'storeSizeLimit',
): number {
  const parsed = typeof value === 'number' ? value : bytes.parse(value);
  if (parsed === null || !Number.isInteger(parsed) || parsed < 1) {
    const flag = flagName(name);
    throw new ConfigError(
      `Invalid setting ${name} (--${flag}): "${String(value)}" is not a size. Make sure to give bytes or a size like 512kb or 1mb.`,
    );
  }
  return parsed;
}

function describeError(error: ErrorObject | undefined, input: Record<string, unknown>): string {
  if (error === undefined) return 'Invalid settings.';
  if (error.keyword === 'additionalProperties') {
    const name = (error.params as { additionalProperty: string }).additionalProperty;
    return `Unknown setting "${name}". Make sure to use one of: ${Object.keys(configSchema.properties).join(', ')}.`;
  }
  const name = error.instancePath.split('/')[1] ?? '';
  const flag = flagName(name);
  const got = JSON.stringify(input[name]);
  const allowed =
    error.keyword === 'enum'
      ? `must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`
      : (error.message ?? 'is invalid');
  return `Invalid setting ${name} (--${flag}): ${allowed}, got ${got}.`;
}
