import { pino, type Logger } from 'pino';
import { createRequire } from 'node:module';
import type PinoPretty from 'pino-pretty';
import type { ResolvedConfig } from '../config/config-schema.ts';

/**
 * The server's pino logger: one JSON line per event, or human-readable lines with `pretty`.
 * JSON lines are written asynchronously, so a slow stdout never holds up an answer; close the
 * server (or call `logger.flush()`) before the process exits.
 *
 * @example
 * createLogger({ logLevel: 'info', logFormat: 'pretty' }).info('hello');
 */
export function createLogger(config: Pick<ResolvedConfig, 'logLevel' | 'logFormat'>): Logger {
  const options = { name: 'plant-store-mock', level: config.logLevel };
  return config.logFormat === 'pretty'
    ? pino(options, prettyStream()({ colorize: false, sync: true, ignore: 'pid,hostname' }))
    : pino(options, pino.destination({ dest: 1, sync: false }));
}

// Loaded only for `--log-format pretty`.
function prettyStream(): typeof PinoPretty {
  return createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
}
