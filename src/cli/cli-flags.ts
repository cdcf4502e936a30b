import type { Options } from 'yargs';
import { configSchema, flagName, logLevels, modes } from '../config/config-schema.ts';
import { upstreamFlags } from './upstream-flags.ts';

/** Env vars read for every flag: `--max-body` is `PLANT_MOCK_MAX_BODY`. */
export const envPrefix = 'PLANT_MOCK';

/**
 * Every flag of the CLI by its kebab-case name, as yargs options: type, alias, description and
 * default (the config schema's where the flag names none). Read by yargs (build-parser.ts) and by
 * the plain command line's reader (read-known-flags.ts), so that both know the same flags.
 *
 * @example
 * cliFlags().port; // { alias: 'p', type: 'string', describe: 'Port to listen on ...', default: 4010 }
 */
export function cliFlags(): Record<string, Options> {
  return withSchemaDefaults({
    spec: {
      type: 'string',
      describe:
        'OpenAPI 3.x, Swagger 2.0 or Postman collection to serve (YAML or JSON; $refs to files under its folder are read)',
      defaultDescription: 'the bundled openapi.yaml',
    },
    port: {
      alias: 'p',
      type: 'string',
      describe: 'Port to listen on (0 picks a free one)',
    },
    host: { type: 'string', describe: 'Address to listen on' },
    mode: {
      type: 'string',
      describe: `How valid requests are answered: ${modes.join(', ')}`,
    },
    seed: { type: 'string', describe: 'Seed that makes dynamic responses repeatable' },
    'fake-optionals': {
      type: 'string',
      describe: 'Optional properties in dynamic answers: some (each half the time) or all',
    },
    fixtures: {
      type: 'string',
      describe: 'JSON file of plants that seed the stateful store',
    },
    tokens: {
      type: 'string',
      describe: 'Comma-separated bearer tokens to accept (default: any non-empty token)',
    },
    'max-body': {
      type: 'string',
      describe: 'Largest accepted request body (bytes, or 512kb, 1mb)',
    },
    cors: {
      type: 'boolean',
      describe: 'Answer CORS preflights and echo the origin (--no-cors to turn off)',
    },
    'request-timeout': {
      type: 'string',
      describe: 'Milliseconds a client has to send a whole request',
    },
    delay: {
      type: 'string',
      describe: 'Delay before every answer: MS, or MIN-MAX picked at random',
      default: '0',
    },
    'max-delay': {
      type: 'string',
      describe: 'Upper bound of any delay, and how long a timeout fault holds a request',
    },
    watch: {
      type: 'boolean',
      describe:
        'Reload the contract (the spec and the files it refers to) and the fixtures when they change',
    },
    errors: {
      type: 'boolean',
      describe: 'Answer 500 listing the violations instead of an answer that breaks the contract',
    },
    'violations-header': {
      type: 'boolean',
      describe:
        'Send the contract violations of a request and its answer in an sl-violations header',
    },
    'store-limit': {
      type: 'string',
      describe: 'Plants the stateful store keeps over all sessions (oldest forgotten first)',
    },
    'store-size-limit': {
      type: 'string',
      describe:
        "JSON text of the resources' stored items over all sessions (characters, or 16mb; oldest forgotten first)",
    },
    store: {
      type: 'string',
      describe:
        'memory, redis://HOST:PORT/DB to share the state with every replica on that Redis, or redis-cluster://HOST:PORT,HOST:PORT for a Redis Cluster',
    },
    'store-prefix': {
      type: 'string',
      describe: 'Prefix of the Redis keys, so that several mocks can share one Redis',
    },
    'journal-limit': {
      type: 'string',
      describe: 'Interactions the journal keeps (oldest dropped first)',
    },
    'session-limit': {
      type: 'string',
      describe:
        'Sessions whose store, stubs and coverage are kept (least recently used evicted first)',
    },
    'stub-limit': {
      type: 'string',
      describe: 'Stubs registered over all sessions',
    },
    'session-stub-limit': {
      type: 'string',
      describe: 'Stubs registered in one session',
    },
    'stub-size-limit': {
      type: 'string',
      describe: 'Largest stub definition, as JSON (bytes, or 64kb, 1mb)',
    },
    'event-client-limit': {
      type: 'string',
      describe: 'Clients of GET /__admin/events open at once (one more is answered 503)',
    },
    'record-file': {
      type: 'string',
      describe: 'Append every interaction to this file as one JSON line',
    },
    'admin-token': {
      type: 'string',
      describe: 'Bearer token required by every /__admin endpoint but health',
    },
    'admin-port': {
      type: 'string',
      describe: 'Serve the admin API on this port instead of the mock port',
    },
    'allowed-hosts': {
      type: 'string',
      describe:
        'Comma-separated extra host names the admin API accepts in Host and Origin (.example.com for subdomains, * for any)',
    },
    ...upstreamFlags,
    'log-level': {
      type: 'string',
      describe: `One of ${logLevels.join(', ')}`,
    },
    'log-format': {
      type: 'string',
      describe: 'json or pretty',
      // Readable at a terminal; JSON for log collectors, pipes and the image (which has no TTY).
      default: process.stdout.isTTY ? 'pretty' : configSchema.properties.logFormat.default,
      defaultDescription: 'pretty on a terminal, json otherwise',
    },
  });
}

// A flag with no default of its own takes its setting's default from the config schema (a scalar
// one: a list setting's flag is empty by default).
function withSchemaDefaults(flags: Record<string, Options>): Record<string, Options> {
  const result = { ...flags };
  for (const [setting, schema] of Object.entries(configSchema.properties)) {
    const flag = result[flagName(setting)];
    if (flag === undefined || 'default' in flag || 'defaultDescription' in flag) continue;
    if ('default' in schema && typeof schema.default !== 'object')
      result[flagName(setting)] = { ...flag, default: schema.default };
  }
  return result;
}
