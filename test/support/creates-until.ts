import { createPlant } from './mock-fetch.ts';

/**
 * Sends creates in `session` one after another (ids from `firstId`) until `stop.done` is set, at
 * most 5,000; resolves to how many were answered.
 *
 * @example
 * const stop = { done: false };
 * const sent = createsUntil(mock, 'busy', 10_000, stop);
 * await reset(); stop.done = true; expect(await sent).toBeGreaterThan(0);
 */
export async function createsUntil(
  server: { url: string },
  session: string,
  firstId: number,
  stop: { done: boolean },
): Promise<number> {
  let sent = 0;
  for (let i = 0; i < 5_000 && !stop.done; i++) {
    await createPlant(server, { id: firstId + i, name: 'Fern' }, { 'x-mock-session': session });
    sent++;
  }
  return sent;
}
