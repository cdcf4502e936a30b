import { configSchema, integerSettings } from '../config/config-schema.ts';
import type { MockServerOptions } from '../config/mock-server-options.ts';

/** Maps parsed flags onto the programmatic options (same names, camelCase). */
export function toOptions(argv: Record<string, unknown>): MockServerOptions {
  const options: Record<string, unknown> = {};
  for (const key of Object.keys(configSchema.properties)) {
    if (argv[key] !== undefined) options[key] = argv[key];
  }
  for (const key of ['tokens', 'allowedHosts', 'mockOperations', 'fallbackOn']) {
    const value = options[key];
    if (typeof value === 'string') {
      options[key] = value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');
    }
  }
  // Numbers arrive as typed, so that `--port abc` is reported as "abc", not as NaN.
  for (const key of [...integerSettings, 'maxBody', 'stubSizeLimit', 'storeSizeLimit', 'delay']) {
    const value = options[key];
    if (typeof value === 'string' && /^\d+$/.test(value)) options[key] = Number(value);
  }
  return options;
}
