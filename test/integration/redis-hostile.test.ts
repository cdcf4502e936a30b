import type { PactResult } from 'plant-store-mock/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createsUntil } from '../support/creates-until.ts';
import { admin } from '../support/admin-fetch.ts';
import { createPlant, type Answer } from '../support/mock-fetch.ts';
import { redisProblem, startRedis, type TestRedis } from '../support/redis-server.ts';
import { startReplica, stopReplicas, type Replica } from '../support/redis-replica.ts';

// Redis killed while creates and resets flow, then started again empty: every request is
// answered (a 503 while it is away), nothing hangs, the mock lives on, and a pact that lost what
// Redis held says so until it is started again.
const problem = redisProblem();

/** An answer of the mock: its status, and an `Error`-shaped body for any 4xx or 5xx. */
function expectContractShaped(answer: Answer): void {
  expect([200, 204, 400, 503]).toContain(answer.status);
  if (answer.status >= 400) {
    expect(answer.body).toMatchObject({
      error: answer.status,
      message: expect.any(String) as unknown,
    });
  }
}

const kinds = (pact: PactResult) => pact.leftOut.map((group) => group.kind);

describe.skipIf(problem !== undefined)('the pact ledger on a Redis that restarts empty', () => {
  let redis: TestRedis;
  let mock: Replica;
  beforeAll(async () => {
    redis = await startRedis();
    mock = await startReplica(redis.url, `hostile-${process.pid}`, ['--mode', 'stateful']);
  });
  afterAll(async () => {
    await stopReplicas([mock]);
    await redis.stop();
  });

  it('answers every create and reset meanwhile, within the 5 s bound, and marks the pacts that lost traffic', async () => {
    const sessions = ['a', 'b', 'c', 'd'];
    const seen = new Map<number, number>();
    let slowest = 0;
    const state = { phase: 'before' as 'before' | 'away' | 'back' | 'done' };
    const timed = async (send: () => Promise<Answer>) => {
      const started = performance.now();
      const answer = await send();
      slowest = Math.max(slowest, performance.now() - started);
      seen.set(answer.status, (seen.get(answer.status) ?? 0) + 1);
      expectContractShaped(answer);
      return answer;
    };
    const traffic = sessions.map(async (session, n) => {
      for (let i = 0; i < 100_000 && state.phase !== 'done'; i++) {
        const id = n * 100_000 + i;
        await timed(() => createPlant(mock, { id, name: 'Fern' }, { 'x-mock-session': session }));
        if (i % 10 === 9) {
          await timed(() => admin(mock, '/reset', { method: 'POST', session }));
        }
      }
    });
    await expect.poll(() => seen.get(200) ?? 0, { timeout: 20_000 }).toBeGreaterThan(100);
    await redis.kill();
    state.phase = 'away';
    await expect.poll(() => seen.get(503) ?? 0, { timeout: 20_000 }).toBeGreaterThan(10);
    await redis.restart();
    const health = async () => ((await admin(mock, '/health')).body as { status: string }).status;
    await expect.poll(health, { timeout: 20_000 }).toBe('ok');
    state.phase = 'back';
    const before = seen.get(200) ?? 0;
    await expect.poll(() => seen.get(200) ?? 0, { timeout: 20_000 }).toBeGreaterThan(before + 40);
    state.phase = 'done';
    await Promise.all(traffic);
    // Commands are not queued while Redis is away: a request waits at most its 5 s timeout.
    expect(slowest).toBeLessThan(8_000);

    for (const session of sessions) {
      const pact = (await admin(mock, '/pact', { session })).body as PactResult;
      expect(kinds(pact)).toContain('store-lost');
    }
    // A reset keeps the pact going (still marked); DELETE /__admin/pact starts it again, whole.
    expect((await admin(mock, '/reset', { method: 'POST', session: 'a' })).status).toBe(200);
    expect(kinds((await admin(mock, '/pact', { session: 'a' })).body as PactResult)).toContain(
      'store-lost',
    );
    expect((await admin(mock, '/pact', { method: 'DELETE', session: 'a' })).status).toBe(204);
    await createPlant(mock, { id: 1, name: 'Fern' }, { 'x-mock-session': 'a' });
    const again = (await admin(mock, '/pact', { session: 'a' })).body as PactResult;
    expect(kinds(again)).not.toContain('store-lost');
    expect(again.entries).toBe(1);
    expect(mock.cli.child.exitCode).toBeNull();
  }, 120_000);

  // The reset reads the journal in pages from Redis, then writes the ledger: requests recorded
  // meanwhile stay in the journal for the pact.
  it('keeps in the pact the requests recorded while a reset runs', async () => {
    expect((await admin(mock, '/pact', { method: 'DELETE', session: 'busy' })).status).toBe(204);
    for (let id = 0; id < 400; id++) {
      await createPlant(mock, { id, name: 'x'.repeat(2_000) }, { 'x-mock-session': 'busy' });
    }
    const state = { done: false };
    const during = createsUntil(mock, 'busy', 10_000, state);
    expect((await admin(mock, '/reset', { method: 'POST', session: 'busy' })).status).toBe(200);
    state.done = true;
    const sent = await during;
    const pact = (await admin(mock, '/pact', { session: 'busy' })).body as PactResult;
    expect(pact.entries).toBe(400 + sent);
  }, 120_000);
});
