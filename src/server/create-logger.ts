import { createRequire } from 'node:module';
import { pino, type DestinationStream, type Logger } from 'pino';
import type PinoPretty from 'pino-pretty';
import type { ResolvedConfig } from '../config/config-schema.ts';

/** Log lines held for a stdout that is read more slowly than the mock writes. */
const maxBufferedLogBytes = 4 * 1024 * 1024;
const dropReportIntervalMs = 10_000;
/** Lines are written in chunks of this size under load, and at least this often when quiet. */
const logChunkBytes = 4096;
const logFlushIntervalMs = 100;

/** The `name` on every log line. */
export const loggerName = 'plant-store-mock';

// The JSON loggers made here, and where each writes (see jsonDestinationOf).
const jsonDestinations = new WeakMap<Logger, DestinationStream>();

/**
 * The server's pino logger: one JSON line per event, or human-readable lines with `pretty`.
 * Lines are written without blocking; when stdout is read more slowly than the mock writes, up to
 * 4 MiB wait, and lines past that are dropped and counted on stderr. (Blocking writes stalled every
 * request for 100 ms at a time in the soak, and an unbounded buffer grew the heap by 100 MB.)
 * Close the server, which flushes, before the process exits.
 *
 * @example
 * createLogger({ logLevel: 'info', logFormat: 'pretty' }).info('hello');
 */
export function createLogger(
  config: Pick<ResolvedConfig, 'logLevel' | 'logFormat'>,
  /** A file descriptor or a file path; stdout unless a test says otherwise. */
  dest: number | string = 1,
): Logger {
  const options = { name: loggerName, level: config.logLevel };
  if (config.logFormat === 'pretty') {
    return pino(
      options,
      prettyStream()({ colorize: false, sync: true, ignore: 'pid,hostname', destination: dest }),
    );
  }
  const destination = pino.destination({
    dest,
    sync: false,
    maxLength: maxBufferedLogBytes,
    minLength: logChunkBytes,
    periodicFlush: logFlushIntervalMs,
  });
  let dropped = 0;
  let reportedAt = 0;
  destination.on('drop', () => {
    dropped++;
    const now = Date.now();
    if (now - reportedAt < dropReportIntervalMs) return;
    reportedAt = now;
    process.stderr.write(
      `plant-store-mock: ${dropped} log lines dropped so far: stdout is read more slowly than the mock logs. Make sure its reader keeps up, or log less with --log-level warn.\n`,
    );
  });
  const logger = pino(options, destination);
  jsonDestinations.set(logger, destination);
  return logger;
}

/**
 * Where a JSON logger of createLogger writes its lines, for the request log's lines, which it
 * writes itself in pino's form (see createRequestLog); undefined for any other logger.
 *
 * @example
 * jsonDestinationOf(createLogger({ logLevel: 'info', logFormat: 'json' }))?.write('{"msg":"hi"}\n');
 */
export function jsonDestinationOf(logger: Logger): DestinationStream | undefined {
  return jsonDestinations.get(logger);
}

// Loaded only for `--log-format pretty`.
function prettyStream(): typeof PinoPretty {
  return createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
}
