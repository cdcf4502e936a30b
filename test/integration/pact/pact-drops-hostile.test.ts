import type { RunningMockServer } from 'plant-store-mock';
import type { PactResult } from 'plant-store-mock/client';
import { expect, it } from 'vitest';
import { admin } from '../../support/admin-fetch.ts';
import { createsUntil } from '../../support/creates-until.ts';
import { describeOnEachStore } from '../../support/describe-on-each-store.ts';
import { createPlant } from '../../support/mock-fetch.ts';

// A reset reads a session's entries, counts its drops, keeps both in its pact, then clears what it
// read. Meanwhile another session fills the full journal, so the limit drops entries the reset
// has read and entries it has not. Before, the reset counted the drops of entries it had read
// too (each such entry twice), and a drop between its count and its clear not at all.

const limit = 1_500;

/** Entries and drops the session's pact counts. */
async function counted(server: RunningMockServer, session: string): Promise<number> {
  const { entries, leftOut } = (await admin(server, '/pact', { session })).body as PactResult;
  const dropped = leftOut.find((group) => group.kind === 'dropped')?.count ?? 0;
  return entries + dropped;
}

describeOnEachStore('drops while a reset runs', { journalLimit: limit }, (mock) => {
  it('are counted exactly once in the pact, through two resets', async () => {
    const server = mock();
    const name = 'x'.repeat(2_000);
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < limit) {
          const id = ++next;
          await createPlant(server, { id, name }, { 'x-mock-session': 'reset' });
        }
      }),
    );
    const state = { done: false };
    const flood = Promise.all(
      [0, 1, 2, 3].map((n) => createsUntil(server, `flood-${n}`, 100_000 * (n + 1), state)),
    );
    const answer = await admin(server, '/reset', { method: 'POST', session: 'reset' });
    state.done = true;
    const flooded = (await flood).reduce((sum, sent) => sum + sent, 0);
    expect(answer.status).toBe(200);
    expect(flooded).toBeGreaterThan(0);
    expect(await counted(server, 'reset')).toBe(limit);
    // The flood dropped the rest of the session's entries after the reset: a second reset keeps
    // their drops, and counts none twice.
    for (let i = 0; i < limit; i++) {
      await createPlant(server, { id: i, name: 'Fern' }, { 'x-mock-session': 'after' });
    }
    expect((await admin(server, '/reset', { method: 'POST', session: 'reset' })).status).toBe(200);
    expect(await counted(server, 'reset')).toBe(limit);
  }, 180_000);
});
