// The list is redrawn at most every 200 ms, and once a second past busyBatch requests a redraw:
// each redraw repaints every row in view (docs/design.md has the cost).
const flushEveryMs = 200;
const busyFlushEveryMs = 1_000;
const busyBatch = 20;

/**
 * Calls `flush` in an animation frame, at most every 200 ms (every second while busy).
 *
 * @example
 * const schedule = createFlushSchedule(flush);
 * schedule.request();
 * schedule.flushed(batch.length); // in flush
 */
export function createFlushSchedule(flush: () => void) {
  let lastBatch = 0;
  let timer: number | undefined;
  let lastFlush = 0;
  return {
    request(): void {
      if (timer !== undefined) return;
      const every = lastBatch > busyBatch ? busyFlushEveryMs : flushEveryMs;
      const wait = Math.max(0, lastFlush + every - performance.now());
      timer = window.setTimeout(() => {
        timer = undefined;
        requestAnimationFrame(flush);
      }, wait);
    },
    /** A flush of `size` entries started. */
    flushed(size: number): void {
      lastFlush = performance.now();
      lastBatch = size;
    },
  };
}
