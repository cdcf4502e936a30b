import type * as nodeFs from 'node:fs';

export type Errno = NodeJS.ErrnoException;
type Done<T = void> = (error: Errno | null, value: T) => void;
/** How a batch ended: the bytes of it now in the file, and the error that stopped it, if any. */
export type BatchDone = (inFile: number, error: Errno | null) => void;

/** The file calls a LineWriter makes; tests pass a fake to play a full disk. */
export interface LineWriterFs {
  write(fd: number, b: Buffer, offset: number, n: number, at: null, done: Done<number>): void;
  /** Used for non-blocking pipes and sockets when present; else they go through `write` too. */
  writeSync?: (fd: number, b: Buffer, offset: number, n: number) => number;
  fstat(fd: number, done: Done<nodeFs.Stats>): void;
  ftruncate(fd: number, length: number, done: (error: Errno | null) => void): void;
  close(fd: number, done: (error: Errno | null) => void): void;
}

/** Whether a write failed only because a non-blocking pipe is full for now. */
export const isFull = (error: Errno): boolean =>
  error.code === 'EAGAIN' || error.code === 'EWOULDBLOCK';

/**
 * Writes `buffer` from libuv's threads, then calls `done`. A write the disk cut short is taken
 * back when `sizeBefore` (a regular file's size before it) says nobody appended after it.
 */
export function writeBatch(
  fs: LineWriterFs,
  fd: number,
  buffer: Buffer,
  sizeBefore: number | undefined,
  done: BatchDone,
): void {
  const from = (offset: number): void => {
    fs.write(fd, buffer, offset, buffer.length - offset, null, (error, written) => {
      if (error === null && offset + written < buffer.length) from(offset + written);
      else if (error === null) done(buffer.length, null);
      else if (offset > 0 && sizeBefore !== undefined && !isFull(error))
        undo(fs, fd, sizeBefore, offset, error, done);
      else done(offset, error);
    });
  };
  from(0);
}

function undo(
  fs: LineWriterFs,
  fd: number,
  sizeBefore: number,
  offset: number,
  cause: Errno,
  done: BatchDone,
): void {
  fs.fstat(fd, (statError, stats) => {
    if (statError !== null || stats.size !== sizeBefore + offset) {
      done(offset, cause);
      return;
    }
    fs.ftruncate(fd, sizeBefore, (truncateError) => {
      done(truncateError === null ? 0 : offset, cause);
    });
  });
}

/**
 * Writes `buffer` from the event loop to a non-blocking descriptor: a full pipe fails with EAGAIN
 * at once instead of sleeping, and what a partial write left waits for the next try.
 */
export function writeBatchNow(
  writeSync: NonNullable<LineWriterFs['writeSync']>,
  fd: number,
  buffer: Buffer,
  done: BatchDone,
): void {
  let offset = 0;
  try {
    while (offset < buffer.length) {
      const count = writeSync(fd, buffer, offset, buffer.length - offset);
      if (count === 0)
        throw Object.assign(new Error('EAGAIN: the pipe is full'), { code: 'EAGAIN' });
      offset += count;
    }
  } catch (error) {
    done(offset, error as Errno);
    return;
  }
  done(offset, null);
}

/** Pipes and sockets, which `writeBatchNow` may write when they are non-blocking. */
export const isPipeOrSocket = (stats: nodeFs.Stats): boolean => stats.isFIFO() || stats.isSocket();
