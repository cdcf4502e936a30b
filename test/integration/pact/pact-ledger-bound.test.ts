import type { RunningMockServer } from 'plant-store-mock';
import type { PactResult } from 'plant-store-mock/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../../support/admin-fetch.ts';
import { createPlant, startTestServer } from '../../support/mock-fetch.ts';

// A reset keeps the session's traffic for its pact. Before, it also took the session out of the
// session table, so a client that sent one request and a reset in ever new sessions grew the pact
// ledger without bound (its counts, 4 KiB a session at most, always fit). A session whose pact
// keeps traffic now stays a session with state, within --session-limit.
describe('the pacts kept across resets, over many sessions', () => {
  const limit = 20;
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startTestServer({ sessionLimit: limit });
  });
  afterAll(() => server.close());

  it('are bounded by --session-limit: the least recently used session is evicted with its pact', async () => {
    const sessions = Array.from({ length: 5 * limit }, (_, n) => `one-shot-${n}`);
    for (const [n, session] of sessions.entries()) {
      await createPlant(server, { id: n, name: 'Fern' }, { 'x-mock-session': session });
      expect((await admin(server, '/reset', { method: 'POST', session })).status).toBe(200);
    }
    const { sessions: table } = (await admin(server, '/health')).body as {
      sessions: { live: number; evicted: number };
    };
    expect(table.live).toBe(limit);
    expect(table.evicted).toBe(4 * limit);
    const pactOf = async (session: string) =>
      (await admin(server, '/pact', { session })).body as PactResult;
    const oldest = await pactOf(sessions[0] ?? '');
    expect(oldest.entries).toBe(0);
    expect(oldest.leftOut.map((group) => group.kind)).toEqual(['unknown-session']);
    const newest = await pactOf(sessions.at(-1) ?? '');
    expect(newest.entries).toBe(1);
    expect(newest.pact.interactions).toHaveLength(1);
  }, 60_000);
});
