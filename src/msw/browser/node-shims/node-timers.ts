/**
 * node:timers/promises' `setImmediate()`: resolves once the event loop has turned (a timer).
 *
 * @example
 * await setImmediate();
 */
export function setImmediate(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
