import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long a long admin read works before it lets the event loop turn (docs/design.md). */
export const sliceMs = 8;

/**
 * Slices of long work done in one async flow (a journal scan, a pact written out): once `ms` of
 * work has run since the last turn (`due()`), `turn()` lets the event loop turn, so that mock
 * requests go on beside the work. Checked apart so that a loop awaits only when it is time.
 *
 * @example
 * const slices = createTimeSlices();
 * for (const item of items) { if (slices.due()) await slices.turn(); work(item); }
 */
export function createTimeSlices(ms: number = sliceMs) {
  let sliceStart = performance.now();
  return {
    due: (): boolean => performance.now() - sliceStart > ms,
    async turn(): Promise<void> {
      await nextTurn();
      sliceStart = performance.now();
    },
  };
}
