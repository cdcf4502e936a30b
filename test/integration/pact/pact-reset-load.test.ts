import type { RunningMockServer } from 'plant-store-mock';
import type { PactResult } from 'plant-store-mock/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchLoopHolds } from '../../../bench/loop-holds.ts';
import { createsUntil } from '../../support/creates-until.ts';
import { admin } from '../../support/admin-fetch.ts';
import { createPlant, startTestServer } from '../../support/mock-fetch.ts';

// A reset condenses the session's journal into its pact, then clears it. The mock runs in this
// process, so that the test sees its event loop.

/** Sends `count` creates in `session` from 8 connections, each with a name of `nameBytes`. */
async function fill(server: RunningMockServer, session: string, count: number, nameBytes = 20) {
  let next = 0;
  const name = 'x'.repeat(nameBytes);
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < count) {
        const id = ++next;
        await createPlant(server, { id, name }, { 'x-mock-session': session });
      }
    }),
  );
}

const pactOf = async (server: RunningMockServer, session: string) =>
  (await admin(server, '/pact', { session })).body as PactResult;

describe('a reset beside a full journal', () => {
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startTestServer({});
    await fill(server, 'other', 3_000, 15_000);
    await fill(server, 'small', 40);
    await admin(server, '/health');
  }, 180_000);
  afterAll(() => server.close());

  // Before, the journal decoded and wrote again every other session's entry (45 MB here): the
  // loop was held 0.3-0.6 s and health waited as long.
  it("holds the loop under 150 ms while it clears one session's entries, and health answers meanwhile", async () => {
    const holds = watchLoopHolds();
    const state = { done: false };
    let answered = 0;
    const healthChecks = (async () => {
      for (let i = 0; i < 10_000 && !state.done; i++) {
        expect((await admin(server, '/health')).status).toBe(200);
        answered++;
      }
    })();
    const answer = await admin(server, '/reset', { method: 'POST', session: 'small' });
    state.done = true;
    await healthChecks;
    holds.stop();
    expect(answer.status).toBe(200);
    expect(holds.workMs).toBeLessThan(150);
    expect(answered).toBeGreaterThan(0);
    const other = (await admin(server, '/requests?limit=1', { session: 'other' })).body as {
      meta: { total: number };
    };
    expect(other.meta.total).toBe(3_000);
    expect((await pactOf(server, 'small')).entries).toBe(40);
  }, 60_000);
});

describe('requests that arrive while a reset runs', () => {
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startTestServer({});
  });
  afterAll(() => server.close());

  // Before, the entries recorded after the reset's scan had begun were cleared unread.
  it('are in the pact afterwards, each counted once', async () => {
    await fill(server, 'busy', 1_500, 2_000);
    const state = { done: false };
    const during = createsUntil(server, 'busy', 10_000, state);
    const answer = await admin(server, '/reset', { method: 'POST', session: 'busy' });
    state.done = true;
    const sent = await during;
    expect(answer.status).toBe(200);
    expect(sent).toBeGreaterThan(0);
    const { entries, leftOut } = await pactOf(server, 'busy');
    expect(leftOut.filter((group) => group.kind !== 'rejected')).toEqual([]);
    expect(entries).toBe(1_500 + sent);
    // A second reset keeps them too, and counts none twice.
    await admin(server, '/reset', { method: 'POST', session: 'busy' });
    expect((await pactOf(server, 'busy')).entries).toBe(1_500 + sent);
  }, 120_000);
});
