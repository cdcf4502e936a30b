import * as nodeFs from 'node:fs';

/** The file calls a LineWriter makes; tests pass a fake to play a full disk. */
export interface LineWriterFs {
  write(
    fd: number,
    buffer: Buffer,
    offset: number,
    length: number,
    position: null,
    callback: (error: NodeJS.ErrnoException | null, written: number) => void,
  ): void;
  fstat(
    fd: number,
    callback: (error: NodeJS.ErrnoException | null, stats: nodeFs.Stats) => void,
  ): void;
  ftruncate(
    fd: number,
    length: number,
    callback: (error: NodeJS.ErrnoException | null) => void,
  ): void;
  close(fd: number, callback: (error: NodeJS.ErrnoException | null) => void): void;
}

/** What a LineWriter holds and has lost, for GET /__admin/health. */
export interface LineWriterStatus {
  /** Lines dropped: over `maxPendingBytes` waiting, or still unwritten when it was closed. */
  droppedLines: number;
  /** Bytes of whole lines accepted and not yet written. */
  pendingBytes: number;
  /** The write error the writer is waiting out (it retries), absent once writes succeed again. */
  error?: string;
}

export interface LineWriterEvents {
  /** The first line dropped because `maxPendingBytes` waited. */
  onFirstDrop(): void;
  /** A write failed (not for "try again"); lines wait and the writer retries. */
  onError(error: NodeJS.ErrnoException): void;
  /** Writes succeed again after an error. */
  onResume(): void;
}

/** Lines written in one write call, at most (whole lines; one longer line goes alone). */
const batchBytes = 64 * 1024;
/** Wait before writing again after an error such as ENOSPC. */
const retryAfterErrorMs = 1_000;
/** Wait before writing again to a pipe that is full (EAGAIN). */
const retryWhenFullMs = 10;

/**
 * Appends whole lines to a non-blocking file descriptor without ever blocking the mock or leaving
 * a cut line behind. A write that the disk cuts short (ENOSPC, EDQUOT, EIO...) is undone when
 * the file is a regular one and nobody appended after it (else its rest is written first on
 * resumption); lines then wait, up to `maxPendingBytes` (later ones are dropped and counted), and
 * the writer retries every second and on later lines: recording resumes once space is freed.
 *
 * @example
 * const writer = createLineWriter(fd, 8 * 2 ** 20, events);
 * writer.write('{"id":"1"}\n');
 * await writer.close(2_000);
 */
export function createLineWriter(
  fd: number,
  maxPendingBytes: number,
  events: LineWriterEvents,
  fs: LineWriterFs = nodeFs,
) {
  const queue: string[] = [];
  let pendingBytes = 0;
  let droppedLines = 0;
  let failure: NodeJS.ErrnoException | undefined;
  let retryAt = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let writing = false;
  let closed = false;
  // A batch cut short that could not be undone: its rest goes out before anything else.
  let rest: { buffer: Buffer; lines: number; bytes: number } | undefined;
  let onIdle: (() => void) | undefined;

  const isIdle = (): boolean => !writing && (queue.length === 0 || failure !== undefined);

  function scheduleRetry(ms: number): void {
    retryAt = performance.now() + ms;
    clearTimeout(retryTimer);
    // The timer's clock is the event loop's cached, whole-millisecond one: it can fire a little
    // before performance.now() reaches retryAt, so the wait is over when it fires.
    retryTimer = setTimeout(() => {
      retryAt = 0;
      pump();
    }, ms);
    retryTimer.unref();
  }

  function pump(): void {
    if (writing || (queue.length === 0 && rest === undefined)) {
      settle();
      return;
    }
    if (performance.now() < retryAt) {
      settle();
      return;
    }
    writing = true;
    if (rest !== undefined) {
      const { buffer, lines, bytes } = rest;
      rest = undefined;
      writeBatch(buffer, 0, lines, bytes, undefined);
      return;
    }
    let lines = 0;
    let bytes = 0;
    while (lines < queue.length && (lines === 0 || bytes < batchBytes)) {
      bytes += Buffer.byteLength(queue[lines] as string);
      lines++;
    }
    const buffer = Buffer.from(queue.slice(0, lines).join(''));
    fs.fstat(fd, (error, stats) => {
      // The size before the write, to undo a cut one; unknown for pipes and devices.
      const sizeBefore = error === null && stats.isFile() ? stats.size : undefined;
      writeBatch(buffer, 0, lines, bytes, sizeBefore);
    });
  }

  function writeBatch(
    buffer: Buffer,
    offset: number,
    lines: number,
    bytes: number,
    sizeBefore: number | undefined,
  ): void {
    fs.write(fd, buffer, offset, buffer.length - offset, null, (error, written) => {
      if (error === null && offset + written < buffer.length) {
        writeBatch(buffer, offset + written, lines, bytes, sizeBefore);
      } else if (error === null) {
        queue.splice(0, lines);
        pendingBytes -= bytes;
        succeeded();
      } else if (error.code === 'EAGAIN' || error.code === 'EWOULDBLOCK') {
        keep(buffer, offset, lines, bytes);
        writing = false;
        scheduleRetry(retryWhenFullMs);
      } else if (offset > 0 && sizeBefore !== undefined) {
        undo(buffer, offset, lines, bytes, sizeBefore, error);
      } else {
        keep(buffer, offset, lines, bytes);
        failed(error);
      }
    });
  }

  // Takes back the start of a batch the disk cut short, when the file ends with it.
  function undo(
    buffer: Buffer,
    offset: number,
    lines: number,
    bytes: number,
    sizeBefore: number,
    cause: NodeJS.ErrnoException,
  ): void {
    fs.fstat(fd, (statError, stats) => {
      if (statError !== null || stats.size !== sizeBefore + offset) {
        keep(buffer, offset, lines, bytes);
        failed(cause);
        return;
      }
      fs.ftruncate(fd, sizeBefore, (truncateError) => {
        if (truncateError !== null) keep(buffer, offset, lines, bytes);
        failed(cause);
      });
    });
  }

  // The batch stays queued; when some of it is in the file already, only the rest goes next.
  function keep(buffer: Buffer, offset: number, lines: number, bytes: number): void {
    if (offset === 0) return;
    queue.splice(0, lines);
    rest = { buffer: buffer.subarray(offset), lines: 0, bytes };
  }

  function failed(error: NodeJS.ErrnoException): void {
    writing = false;
    if (failure === undefined) events.onError(error);
    failure = error;
    scheduleRetry(retryAfterErrorMs);
    settle();
  }

  function succeeded(): void {
    writing = false;
    if (rest === undefined && failure !== undefined) {
      failure = undefined;
      events.onResume();
    }
    pump();
  }

  function settle(): void {
    if (isIdle() && onIdle !== undefined) onIdle();
  }

  return {
    /** Queues one whole line (ending in "\n"), or drops and counts it when too much waits. */
    write(line: string): void {
      if (closed) return;
      const bytes = Buffer.byteLength(line);
      if (pendingBytes + bytes > maxPendingBytes) {
        if (droppedLines++ === 0) events.onFirstDrop();
        return;
      }
      queue.push(line);
      pendingBytes += bytes;
      // After an error, a new line is the moment to try again (once the wait has passed).
      pump();
    },
    status(): LineWriterStatus {
      return {
        droppedLines,
        pendingBytes,
        ...(failure === undefined ? {} : { error: `${failure.code ?? 'EIO'}: ${failure.message}` }),
      };
    },
    /**
     * Writes what waits (one more try after an error) and closes, within `timeoutMs`. Resolves
     * with the lines it could not write, which count as dropped.
     */
    close(timeoutMs: number): Promise<number> {
      if (closed) return Promise.resolve(0);
      closed = true;
      retryAt = 0;
      return new Promise((resolve) => {
        const finish = (): void => {
          onIdle = undefined;
          clearTimeout(timer);
          clearTimeout(retryTimer);
          const unwritten = queue.length + (rest === undefined ? 0 : 1);
          droppedLines += unwritten;
          fs.close(fd, () => {
            resolve(unwritten);
          });
        };
        const timer = setTimeout(finish, timeoutMs);
        onIdle = finish;
        failure = undefined;
        pump();
      });
    },
  };
}

export type LineWriter = ReturnType<typeof createLineWriter>;
