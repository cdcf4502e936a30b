import { configSchema } from '../config/config-schema.ts';

const defaults = configSchema.properties;

/** The flags of the proxy to the real provider (`--upstream` and what steers it). */
export const upstreamFlags = {
  upstream: {
    type: 'string',
    describe:
      'The real provider (http:// or https://): forward every request the contract routes there, both sides checked',
  },
  'upstream-timeout': {
    type: 'string',
    describe: 'Milliseconds the provider has to answer a forwarded request (504 past it)',
  },
  stubs: {
    type: 'string',
    describe:
      'JSON file of stubs (e.g. a GET /__admin/recording) for every session; reloaded with --watch',
  },
  'mock-operations': {
    type: 'string',
    describe: 'Comma-separated operation ids the mock answers itself (with --upstream)',
  },
  'fallback-on': {
    type: 'string',
    describe:
      'When the mock answers a forwarded request instead: 501, 404, unreachable (comma-separated), or none',
    default: defaults.fallbackOn.default.join(','),
  },
} as const;
