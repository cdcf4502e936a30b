import type { Stats } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createLineWriter, type LineWriterFs } from '../../src/observe/line-writer.ts';

/**
 * A non-blocking pipe of `room` bytes that its reader empties on `drain()`: a write takes what
 * fits and fails with EAGAIN when nothing does, as the kernel's does.
 */
function fakePipe(room: number) {
  const pipe = { read: '', held: 0, syncWrites: [] as string[], threadWrites: 0 };
  const full = Object.assign(new Error('EAGAIN: resource temporarily unavailable, write'), {
    code: 'EAGAIN',
  });
  const take = (buffer: Buffer, offset: number, length: number): number => {
    const count = Math.min(length, room - pipe.held);
    if (count <= 0) throw full;
    pipe.read += buffer.toString('utf8', offset, offset + count);
    pipe.held += count;
    return count;
  };
  const stats = { isFile: () => false, isFIFO: () => true, isSocket: () => false, size: 0 };
  const fs: LineWriterFs = {
    write(_fd, buffer, offset, length, _at, done) {
      pipe.threadWrites++;
      setImmediate(() => {
        try {
          done(null, take(buffer, offset, length));
        } catch (error) {
          done(error as NodeJS.ErrnoException, 0);
        }
      });
    },
    writeSync(_fd, buffer, offset, length) {
      const count = take(buffer, offset, length);
      pipe.syncWrites.push(buffer.toString('utf8', offset, offset + count));
      return count;
    },
    fstat(_fd, done) {
      setImmediate(() => {
        done(null, stats as unknown as Stats);
      });
    },
    ftruncate: () => {
      throw new Error('a pipe is never cut back');
    },
    close(_fd, done) {
      done(null);
    },
  };
  const drain = (): void => {
    pipe.held = 0;
  };
  return { pipe, fs, drain };
}

const noEvents = { onDrop: () => undefined, onError: () => undefined };
const lineOf = (n: number): string => `{"line":${String(n)},"pad":"${'x'.repeat(40)}"}\n`;
const flushed = (writer: { flush(done: () => void): void }): Promise<void> =>
  new Promise((resolve) => {
    writer.flush(resolve);
  });

describe('the line writer on a non-blocking pipe', () => {
  it('writes the lines of one event-loop turn in one write from the loop, not a thread each', async () => {
    const { pipe, fs } = fakePipe(1 << 20);
    const writer = createLineWriter(9, 1 << 20, noEvents, { fs, nonBlocking: true });
    writer.write(lineOf(0));
    await flushed(writer);
    for (let n = 1; n <= 50; n++) writer.write(lineOf(n));
    await new Promise(setImmediate);
    expect(pipe.syncWrites).toEqual([Array.from({ length: 50 }, (_, n) => lineOf(n + 1)).join('')]);
    expect(pipe.threadWrites).toBe(1);
  });

  it('keeps every line whole and in order when a full pipe takes only part of a write', async () => {
    const { pipe, fs, drain } = fakePipe(100);
    const writer = createLineWriter(9, 1 << 20, noEvents, { fs, nonBlocking: true });
    const lines = Array.from({ length: 40 }, (_, n) => lineOf(n));
    writer.write(lines[0] as string);
    await flushed(writer);
    for (const line of lines.slice(1)) writer.write(line);
    // The reader takes what the pipe holds now and then, until every line is through.
    for (let turns = 0; pipe.read.length < lines.join('').length && turns < 500; turns++) {
      drain();
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(pipe.read).toBe(lines.join(''));
    expect(writer.status()).toEqual({ droppedLines: 0, pendingBytes: 0 });
  });

  it('writes from libuv threads when the caller cannot vouch that the pipe is non-blocking', async () => {
    const { pipe, fs } = fakePipe(1 << 20);
    const writer = createLineWriter(9, 1 << 20, noEvents, { fs });
    for (let n = 0; n < 5; n++) {
      writer.write(lineOf(n));
      await flushed(writer);
    }
    expect(pipe.syncWrites).toEqual([]);
    expect(pipe.threadWrites).toBe(5);
  });
});
