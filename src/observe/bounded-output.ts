import { pino } from 'pino';

type SonicBoom = ReturnType<typeof pino.destination>;

/** Where a BoundedOutput stands: what it dropped, and what still waits to be written. */
export interface OutputStatus {
  /** Lines dropped because `maxPendingBytes` waited already. */
  droppedLines: number;
  /** Bytes accepted and not yet written. */
  pendingBytes: number;
}

/**
 * An append-only line writer that never blocks the mock and never holds more than
 * `maxPendingBytes`: lines past that are dropped and counted (a record file on a FIFO nobody read
 * held every line in memory, and a stalled stdout held the process after SIGTERM for an hour).
 */
export interface BoundedOutput {
  write(line: string): void;
  status(): OutputStatus;
  /**
   * Writes what waits and closes, within `timeoutMs`; past that it gives up, and resolves with the
   * bytes it dropped (0 when everything was written).
   */
  close(timeoutMs: number): Promise<number>;
  /** The SonicBoom underneath (pino's own destination), for pino. */
  readonly stream: SonicBoom;
}

/**
 * Wraps a file descriptor in an asynchronous SonicBoom with a cap on what waits. The descriptor
 * must be non-blocking (see openNonBlocking, and createLogger for stdout): a write to a blocking
 * pipe that nobody reads sleeps in a libuv thread, and Node cannot exit until that thread returns.
 *
 * @example
 * const out = boundedOutput(1, 4 * 1024 * 1024, (n) => console.error(`${n} lines dropped`));
 * out.write('{"msg":"hi"}\n');
 * await out.close(2_000);
 */
export function boundedOutput(
  fd: number,
  maxPendingBytes: number,
  onDrop: (droppedLines: number) => void,
  onError: (error: NodeJS.ErrnoException) => void,
  chunk: { minLength?: number; periodicFlush?: number } = {},
): BoundedOutput {
  let droppedLines = 0;
  let closed = false;
  const stream = pino.destination({
    dest: fd,
    sync: false,
    maxLength: maxPendingBytes,
    minLength: chunk.minLength ?? 0,
    ...(chunk.periodicFlush === undefined ? {} : { periodicFlush: chunk.periodicFlush }),
  });
  stream.on('drop', () => {
    droppedLines++;
    onDrop(droppedLines);
  });
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (!closed) onError(error);
  });
  const pendingBytes = (): number => pendingOf(stream);

  return {
    stream,
    write(line) {
      if (!closed) stream.write(line);
    },
    status: () => ({ droppedLines, pendingBytes: pendingBytes() }),
    close(timeoutMs) {
      if (closed) return Promise.resolve(0);
      closed = true;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          const dropped = pendingBytes();
          giveUp(stream);
          resolve(dropped);
        }, timeoutMs);
        const done = (): void => {
          clearTimeout(timer);
          resolve(0);
        };
        stream.once('close', done);
        stream.once('error', () => {
          clearTimeout(timer);
          const dropped = pendingBytes();
          giveUp(stream);
          resolve(dropped);
        });
        try {
          stream.end();
        } catch {
          done(); // destroyed after an error: nothing more can be written
        }
      });
    },
  };
}

// SonicBoom has no public count of what waits; `_len` is its own running total of the bytes it
// holds, which it uses for maxLength.
function pendingOf(stream: SonicBoom): number {
  const held = (stream as unknown as { _len?: unknown })._len;
  return typeof held === 'number' ? held : 0;
}

// Stops waiting for a writer that does not drain: the synchronous flush that pino registers for
// exit would retry for ever (in Atomics.wait), and a retry timer would keep the event loop alive.
// pino does the same on EPIPE (see its buildSafeSonicBoom).
function giveUp(stream: SonicBoom): void {
  const noop = (): void => undefined;
  stream.flushSync = noop;
  stream.write = () => true;
  stream.removeAllListeners('drain');
  try {
    stream.destroy();
  } catch {
    // Already closed or never opened: nothing left to stop.
  }
}
