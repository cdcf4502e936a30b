import type { RunningMockServer } from 'plant-store-mock';
import type { PactResult } from 'plant-store-mock/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchLoopHolds } from '../../../bench/loop-holds.ts';
import { admin } from '../../support/admin-fetch.ts';
import { auth, json, startTestServer } from '../../support/mock-fetch.ts';

// A session whose pact keeps ~30 MB from before a reset: 1,000 request shapes of their own (a
// query parameter and a body field each) with 15 KB bodies, answered as they came. Its next reset
// and its pact read all of that back. The mock runs in this process, so that the test sees its
// event loop. Before, each parsed the kept traffic whole: resets held the loop 97-126 ms, the pact
// 245-292 ms, while health waited.
describe('a reset and a pact over a session that keeps a big pact', () => {
  const shapes = 1_000;
  let server: RunningMockServer;
  const create = async (id: number) => {
    const answer = await fetch(`${server.url}/plants?q${id}=1`, {
      method: 'POST',
      headers: { ...auth, ...json, 'x-mock-session': 'kept' },
      body: JSON.stringify({ id, name: 'x'.repeat(15_000), [`f${id}`]: id }),
    });
    await answer.arrayBuffer();
  };
  beforeAll(async () => {
    server = await startTestServer({});
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < shapes) await create(++next);
      }),
    );
    expect((await admin(server, '/reset', { method: 'POST', session: 'kept' })).status).toBe(200);
    await create(shapes + 1);
  }, 180_000);
  afterAll(() => server.close());

  /** Runs `work` with health checks beside it; the longest hold of the loop and the checks answered. */
  async function beside<T>(work: () => Promise<T>) {
    const holds = watchLoopHolds();
    const state = { done: false };
    let answered = 0;
    const checks = (async () => {
      for (let i = 0; i < 10_000 && !state.done; i++) {
        expect((await admin(server, '/health')).status).toBe(200);
        answered++;
      }
    })();
    const result = await work();
    state.done = true;
    await checks;
    holds.stop();
    return { result, workMs: holds.workMs, answered };
  }

  // 8 ms slices; the rest is room for garbage collection on a machine shared with other work.
  it('holds the loop under 60 ms in each, health answered meanwhile, and loses no entry', async () => {
    const reset = await beside(() => admin(server, '/reset', { method: 'POST', session: 'kept' }));
    expect(reset.result.status).toBe(200);
    expect(reset.workMs).toBeLessThan(60);
    expect(reset.answered).toBeGreaterThan(0);
    const pact = await beside(async () => {
      const answer = await fetch(`${server.adminUrl}/pact`, {
        headers: { 'x-mock-session': 'kept' },
      });
      return { status: answer.status, bytes: Buffer.from(await answer.arrayBuffer()) };
    });
    expect(pact.result.status).toBe(200);
    expect(pact.workMs).toBeLessThan(60);
    expect(pact.answered).toBeGreaterThan(0);
    const {
      entries,
      leftOut,
      pact: built,
    } = JSON.parse(pact.result.bytes.toString()) as PactResult;
    expect(entries).toBe(shapes + 1);
    const limited = leftOut
      .filter((group) => group.kind === 'kept-limit' || group.kind === 'pact-limit')
      .reduce((sum, group) => sum + group.count, 0);
    expect(built.interactions.length + limited).toBe(shapes + 1);
    expect(built.interactions.length).toBeGreaterThan(400);
  }, 120_000);
});
