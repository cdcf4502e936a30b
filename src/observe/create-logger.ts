import { openSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pino, type Logger } from 'pino';
import type PinoPretty from 'pino-pretty';
import type { ResolvedConfig } from '../config/config-schema.ts';
import { createLineWriter, type LineWriter } from './line-writer.ts';

/** Log lines held for a stdout that is read more slowly than the mock writes. */
const maxBufferedLogBytes = 4 * 1024 * 1024;
const dropReportIntervalMs = 10_000;

/** The `name` on every log line. */
export const loggerName = 'plant-store-mock';

// Every logger made here, and its output (see closeLogOutput).
const outputs = new WeakMap<Logger, LineWriter>();

/**
 * The server's pino logger: one JSON line per event, or human-readable lines with `pretty`.
 * Lines are written without blocking; when stdout is read more slowly than the mock writes, up to
 * 4 MiB wait, and lines past that are dropped and counted on stderr (docs/design.md).
 * Close the server, which flushes within its grace period (see closeLogOutput), before the
 * process exits.
 */
export function createLogger(
  config: Pick<ResolvedConfig, 'logLevel' | 'logFormat'>,
  /** A file descriptor or a file path; stdout unless a test says otherwise. */
  dest: number | string = 1,
): Logger {
  const options = { name: loggerName, level: config.logLevel };
  let reportedAt = 0;
  // Opening process.stdout makes a pipe or socket non-blocking: a stalled reader then means EAGAIN
  // and a retry, and the writer may write it from the loop. A worker thread's process.stdout is
  // a stream to the main thread, with no descriptor: it writes fd 1 from libuv's threads.
  const stdout = dest === 1 ? (process.stdout.fd as number | undefined) : undefined;
  const output = createLineWriter(
    dest === 1 ? (stdout ?? 1) : typeof dest === 'number' ? dest : openSync(dest, 'a'),
    maxBufferedLogBytes,
    {
      onDrop: (dropped) => {
        const now = Date.now();
        if (now - reportedAt < dropReportIntervalMs) return;
        reportedAt = now;
        process.stderr.write(
          `plant-store-mock: ${dropped} log lines dropped so far: stdout is read more slowly than the mock logs. Make sure its reader keeps up, or log less with --log-level warn.\n`,
        );
      },
      onError: (error) => {
        process.stderr.write(`plant-store-mock: failed to write the log: ${error.message}\n`);
      },
    },
    { nonBlocking: stdout !== undefined },
  );
  // pino-pretty is loaded only for `--log-format pretty`.
  const pretty =
    config.logFormat === 'pretty'
      ? (createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty).prettyFactory({
          colorize: false,
          ignore: 'pid,hostname',
        })
      : (line: string) => line;
  // pino's logger.flush(done) calls the destination's flush.
  const destination = {
    write: (line: string) => {
      output.write(pretty(line));
    },
    flush: (done: () => void) => {
      output.flush(done);
    },
  };
  const logger = pino(options, destination);
  outputs.set(logger, output);
  return logger;
}

/**
 * Writes what the logger's output still holds, within `timeoutMs`; past that the rest is dropped
 * and counted on stderr (if stderr takes it), so that a stalled stdout cannot hold the process.
 * Resolves at once for a logger createLogger did not make.
 */
export async function closeLogOutput(logger: Logger, timeoutMs: number): Promise<void> {
  const output = outputs.get(logger);
  if (output === undefined) return;
  const { droppedLines } = output.status();
  const unwritten = await output.close(timeoutMs);
  if (unwritten === 0) return;
  process.stderr.write(
    `plant-store-mock: stopped with ${unwritten} log lines unwritten after ${Math.round(timeoutMs)} ms (and ${droppedLines} lines dropped before): stdout was not being read. They were dropped.\n`,
  );
}
