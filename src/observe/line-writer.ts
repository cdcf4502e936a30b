import * as nodeFs from 'node:fs';
import {
  isFull,
  isPipeOrSocket,
  writeBatch,
  writeBatchNow,
  type BatchDone,
  type Errno,
  type LineWriterFs,
} from './write-batch.ts';

export type { LineWriterFs };

/** Lines taken from the queue and not all written yet; `cut` once its start is in the file. */
interface Batch {
  buffer: Buffer;
  lines: number;
  cut: boolean;
}

export interface LineWriterEvents {
  /** A line was dropped because `maxPendingBytes` waited; `droppedLines` counts them so far. */
  onDrop(droppedLines: number): void;
  /** A write failed (not for "try again"); lines wait and the writer retries. */
  onError(error: Errno): void;
  /** Writes succeed again after an error. */
  onResume?(): void;
}

export interface LineWriterOptions {
  /** The file system calls; Node's unless a test stands in for a disk or a pipe. */
  fs?: LineWriterFs | undefined;
  /** The caller vouches that a pipe or socket `fd` is non-blocking (default false). */
  nonBlocking?: boolean;
}

/** Characters of lines written in one write call, about (whole lines; a longer line goes alone). */
const batchChars = 64 * 1024;
/** Wait before writing again after an error such as ENOSPC. */
const retryAfterErrorMs = 1_000;
/** Wait before writing again to a pipe that is full (EAGAIN). */
const retryWhenFullMs = 10;

/**
 * Appends whole lines to a file descriptor without ever blocking the mock or leaving a cut line
 * behind: the one writer of the log and the record file. Lines wait up to `maxPendingBytes`
 * (later ones are dropped and counted). A write that the disk cuts short (ENOSPC, EDQUOT, EIO...)
 * is undone when the file is a regular one and nobody appended after it (else its rest goes out
 * first on resumption); the writer retries every second, so writing resumes once space is freed.
 * The descriptor must be non-blocking when it is a pipe: a write to a blocking pipe that nobody
 * reads sleeps in a libuv thread, and Node cannot exit until that thread returns. With
 * `nonBlocking` (the caller vouches for that), a pipe or socket gets the lines of one event-loop
 * turn in one write from the loop itself, with no libuv thread woken per line.
 */
export function createLineWriter(
  fd: number,
  maxPendingBytes: number,
  events: LineWriterEvents,
  { fs = nodeFs, nonBlocking = false }: LineWriterOptions = {},
) {
  const queue: string[] = [];
  let pendingBytes = 0;
  let droppedLines = 0;
  let batch: Batch | undefined;
  // Only a regular file can be cut back (the first fstat tells; pipes are not asked again).
  let regularFile = true;
  // Set after the first fstat for a non-blocking pipe or socket: written from the loop.
  let writeNow: ((buffer: Buffer, done: BatchDone) => void) | undefined;
  let turnEnd: NodeJS.Immediate | undefined;
  let failure: Errno | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let writing = false;
  let closed = false;
  let finished = false;
  // Called once nothing waits, or what waits cannot be written now (flush and close).
  const onIdle: (() => void)[] = [];

  function pump(): void {
    if (!writing && retryTimer === undefined && !finished) {
      batch ??= queue.length > 0 ? take() : undefined;
      if (batch !== undefined) {
        writing = true;
        start(batch);
        return;
      }
    }
    if (!writing && (batch === undefined || failure !== undefined)) {
      for (const idle of onIdle.splice(0)) idle();
    }
  }

  const pumpAtTurnEnd = (): void => {
    turnEnd = undefined;
    pump();
  };

  function take(): Batch {
    let lines = 0;
    for (let chars = 0; lines < queue.length && chars < batchChars; lines++) {
      chars += (queue[lines] as string).length;
    }
    return { buffer: Buffer.from(queue.splice(0, lines).join('')), lines, cut: false };
  }

  function start(taken: Batch): void {
    const done = (inFile: number, error: Errno | null): void => {
      if (!finished) ended(taken, inFile, error);
    };
    if (writeNow !== undefined) writeNow(taken.buffer, done);
    else if (taken.cut || !regularFile) writeBatch(fs, fd, taken.buffer, undefined, done);
    else {
      fs.fstat(fd, (error, stats) => {
        // The size before the write, to undo a cut one.
        regularFile = error === null && stats.isFile();
        const { writeSync } = fs;
        if (nonBlocking && writeSync !== undefined && error === null && isPipeOrSocket(stats)) {
          writeNow = (buffer, batchDone) => {
            writeBatchNow(writeSync, fd, buffer, batchDone);
          };
        }
        writeBatch(fs, fd, taken.buffer, regularFile ? stats.size : undefined, done);
      });
    }
  }

  // The batch is written, or waits (less what is in the file already) and is tried again later.
  function ended(taken: Batch, inFile: number, error: Errno | null): void {
    writing = false;
    pendingBytes -= inFile;
    if (error === null) {
      batch = undefined;
      if (failure !== undefined) events.onResume?.();
      failure = undefined;
      pump();
      return;
    }
    if (inFile > 0)
      batch = { buffer: taken.buffer.subarray(inFile), lines: taken.lines, cut: true };
    if (!isFull(error)) {
      if (failure === undefined) events.onError(error);
      failure = error;
    }
    const retry = (): void => {
      retryTimer = undefined;
      pump();
    };
    retryTimer = setTimeout(retry, isFull(error) ? retryWhenFullMs : retryAfterErrorMs).unref();
    pump();
  }

  return {
    /** Queues one whole line (ending in "\n"), or drops and counts it when too much waits. */
    write(line: string): void {
      if (closed) return;
      const bytes = Buffer.byteLength(line);
      if (pendingBytes + bytes > maxPendingBytes) {
        events.onDrop(++droppedLines);
        return;
      }
      queue.push(line);
      pendingBytes += bytes;
      if (writeNow !== undefined) turnEnd ??= setImmediate(pumpAtTurnEnd);
      else pump();
    },
    /** Calls `done` once every line so far is written, or a write error waits (pino's flush). */
    flush(done: () => void): void {
      onIdle.push(done);
      pump();
    },
    /**
     * Lines dropped (over `maxPendingBytes`, or unwritten when it was closed), bytes of whole
     * lines accepted and not yet written, and the write error being waited out, if any.
     */
    status(): { droppedLines: number; pendingBytes: number; error?: string } {
      const error = failure && `${failure.code ?? 'EIO'}: ${failure.message}`;
      return { droppedLines, pendingBytes, ...(error === undefined ? {} : { error }) };
    },
    /**
     * Writes what waits (one more try after an error) and closes (stdout and stderr stay open),
     * within `timeoutMs`. Resolves with the lines it could not write, which count as dropped.
     */
    close(timeoutMs: number): Promise<number> {
      if (closed) return Promise.resolve(0);
      closed = true;
      return new Promise((resolve) => {
        const finish = (): void => {
          if (finished) return;
          finished = true;
          clearTimeout(timer);
          clearTimeout(retryTimer);
          clearImmediate(turnEnd);
          const unwritten = queue.length + (batch?.lines ?? 0);
          droppedLines += unwritten;
          if (fd <= 2) resolve(unwritten);
          else
            fs.close(fd, () => {
              resolve(unwritten);
            });
        };
        const timer = setTimeout(finish, timeoutMs);
        failure = undefined;
        clearTimeout(retryTimer);
        retryTimer = undefined;
        onIdle.push(finish);
        pump();
      });
    },
  };
}

export type LineWriter = ReturnType<typeof createLineWriter>;
