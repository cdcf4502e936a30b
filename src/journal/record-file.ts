import { constants, openSync } from 'node:fs';
import type { Logger } from 'pino';
import { boundedOutput, type BoundedOutput } from '../server/bounded-output.ts';

/** Lines that wait for a record file read more slowly than the mock writes, at most. */
export const maxPendingRecordBytes = 8 * 1024 * 1024;

/** Appends interactions to a file, one JSON line each. */
export interface RecordFile {
  /** Appends one interaction, given as its JSON. */
  write(json: string): void;
  /**
   * Writes every line accepted so far and closes the file, within `timeoutMs` (default: no
   * limit in practice); lines still waiting then are dropped and reported.
   */
  close(timeoutMs?: number): Promise<void>;
  /** Lines dropped because its reader fell behind, and bytes waiting now. */
  status(): { path: string; droppedLines: number; pendingBytes: number };
}

/**
 * Opens `path` for appending. A file that cannot be written is reported once in the log and the
 * mock goes on serving without it. Writes never block: when the file is read more slowly than the
 * mock writes (a FIFO, a pipe), up to 8 MiB wait and later lines are dropped and counted, and
 * GET /__admin/health says "degraded" with the count.
 *
 * @example
 * const file = openRecordFile('interactions.jsonl', logger);
 * file.write(JSON.stringify(interaction));
 * await file.close(2_000);
 */
export function openRecordFile(path: string, logger: Logger): RecordFile {
  let output: BoundedOutput | undefined;
  const reportError = (error: NodeJS.ErrnoException): void => {
    logger.error(
      { err: error, path },
      `Failed to write the record file ${path}: ${error.message}. Interactions are still kept in the journal.`,
    );
  };
  let warned = false;
  try {
    output = boundedOutput(
      openNonBlocking(path),
      maxPendingRecordBytes,
      (dropped) => {
        if (warned) return;
        warned = true;
        logger.warn(
          { path, droppedLines: dropped },
          `The record file ${path} is read more slowly than the mock writes: ${maxPendingRecordBytes} bytes wait, and further interactions are dropped from it (GET /__admin/health counts them). Make sure its reader keeps up.`,
        );
      },
      (error) => {
        reportError(error);
        const failed = output;
        output = undefined;
        void failed?.close(0);
      },
    );
  } catch (error) {
    reportError(error as NodeJS.ErrnoException);
  }
  let lastStatus = { droppedLines: 0, pendingBytes: 0 };
  return {
    write(json) {
      output?.write(`${json}\n`);
    },
    async close(timeoutMs = 2_147_483_647) {
      const open = output;
      if (open === undefined) return;
      lastStatus = open.status();
      output = undefined;
      const unwritten = await open.close(timeoutMs);
      if (unwritten > 0) {
        logger.warn(
          { path, unwrittenBytes: unwritten },
          `The record file ${path} took no more lines within ${Math.round(timeoutMs)} ms of stopping: ${unwritten} bytes of interactions were dropped from it.`,
        );
      }
    },
    status: () => ({ path, ...(output?.status() ?? lastStatus) }),
  };
}

// O_NONBLOCK, so that a write the reader cannot take fails with EAGAIN (and is retried) instead of
// sleeping in a libuv thread that Node waits for at exit. A FIFO with no reader yet refuses a
// non-blocking write-only open (ENXIO); opened for reading and writing, it takes lines as soon as
// a reader comes (Linux allows it), as a blocking open would have once the reader came.
function openNonBlocking(path: string): number {
  const flags = constants.O_APPEND | constants.O_CREAT | constants.O_NONBLOCK;
  try {
    return openSync(path, flags | constants.O_WRONLY, 0o666);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENXIO') throw error;
    return openSync(path, flags | constants.O_RDWR, 0o666);
  }
}
