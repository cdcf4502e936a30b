import { constants, openSync } from 'node:fs';
import type { Logger } from 'pino';
import { createLineWriter, type LineWriter, type LineWriterFs } from './line-writer.ts';

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
  /**
   * Lines dropped (a reader that fell behind, a write error that lasted), bytes waiting now, and
   * the write error being waited out, if any.
   */
  status(): { path: string; droppedLines: number; pendingBytes: number; error?: string };
}

/**
 * Opens `path` for appending. Writes never block and the file never holds a cut line: when the
 * file is read more slowly than the mock writes (a FIFO, a pipe) or a write fails (ENOSPC), up to
 * 8 MiB wait and later lines are dropped and counted; after a failure the writer retries, and
 * recording resumes once the disk takes lines again. GET /__admin/health says "degraded" with the
 * count and the error. A file that cannot be opened is reported once and the mock goes on serving.
 */
export function openRecordFile(path: string, logger: Logger, fs?: LineWriterFs): RecordFile {
  let writer: LineWriter | undefined;
  let openError: Error | undefined;
  let nextOpenAt = 0;
  // Lines that came while the file could not be opened.
  let droppedUnopened = 0;
  let closed = false;
  let lastStatus = { droppedLines: 0, pendingBytes: 0 };
  const events = {
    onDrop: (dropped: number) => {
      if (dropped > 1) return;
      logger.warn(
        { path },
        `The record file ${path} takes lines more slowly than the mock writes: ${maxPendingRecordBytes} bytes wait, and further interactions are dropped from it (GET /__admin/health counts them). Make sure its reader keeps up and its disk has space.`,
      );
    },
    onError: (error: NodeJS.ErrnoException) => {
      logger.error(
        { err: error, path },
        `Failed to write the record file ${path}: ${error.message}. Interactions are still kept in the journal; up to ${maxPendingRecordBytes} bytes of them wait and the mock retries every second. Make sure the disk has space.`,
      );
    },
    onResume: () => {
      logger.warn(
        { path, droppedLines: droppedLines() },
        `The record file ${path} takes lines again; recording resumed.`,
      );
    },
  };
  const droppedLines = (): number => droppedUnopened + (writer?.status().droppedLines ?? 0);
  // Opens the file, or says why not once and tries again a second later (on a later line).
  const open = (): void => {
    try {
      writer = createLineWriter(openNonBlocking(path), maxPendingRecordBytes, events, {
        fs,
        nonBlocking: true,
      });
      if (openError !== undefined) events.onResume();
      openError = undefined;
    } catch (error) {
      if (openError === undefined) {
        logger.error(
          { err: error, path },
          `Failed to write the record file ${path}: ${(error as Error).message}. Interactions are still kept in the journal, and the mock tries to open the file again every second. Make sure its folder exists and is writable.`,
        );
      }
      openError = error as Error;
      nextOpenAt = performance.now() + 1_000;
    }
  };
  open();
  return {
    write(json) {
      if (closed) return;
      if (writer === undefined && performance.now() >= nextOpenAt) open();
      if (writer === undefined) droppedUnopened++;
      else writer.write(`${json}\n`);
    },
    async close(timeoutMs = 2_147_483_647) {
      closed = true;
      const opened = writer;
      if (opened === undefined) return;
      const unwritten = await opened.close(timeoutMs);
      lastStatus = { ...opened.status(), droppedLines: droppedLines() };
      writer = undefined;
      if (unwritten > 0) {
        logger.warn(
          { path, unwrittenLines: unwritten },
          `The record file ${path} took no more lines within ${Math.round(timeoutMs)} ms of stopping: ${unwritten} interactions were dropped from it.`,
        );
      }
    },
    status() {
      if (writer !== undefined) return { path, ...writer.status(), droppedLines: droppedLines() };
      if (openError !== undefined) {
        return { path, droppedLines: droppedUnopened, pendingBytes: 0, error: openError.message };
      }
      return { path, ...lastStatus };
    },
  };
}

// O_NONBLOCK, so that a write the reader cannot take fails with EAGAIN and is retried. A FIFO is
// opened for reading and writing: with no reader yet, a non-blocking write-only open fails (ENXIO).
function openNonBlocking(path: string): number {
  const flags = constants.O_APPEND | constants.O_CREAT | constants.O_NONBLOCK;
  try {
    return openSync(path, flags | constants.O_WRONLY, 0o666);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENXIO') throw error;
    return openSync(path, flags | constants.O_RDWR, 0o666);
  }
}
