import type { RunningMockServer } from 'plant-store-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { admin } from '../support/admin-fetch.ts';
import { createPlant, send, startTestServer } from '../support/mock-fetch.ts';

let server: RunningMockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

interface Health {
  sessions: { live: number; limit: number; evicted: number };
}

const health = async (mock: RunningMockServer) => (await admin(mock, '/health')).body as Health;

describe('per-session state', () => {
  it('evicts the least recently used session past --session-limit, and counts it', async () => {
    const mock = (server = await startTestServer({ sessionLimit: 3 }));
    for (const session of ['a', 'b', 'c']) {
      expect(
        (await createPlant(mock, { id: 1, name: 'Fern' }, { 'x-mock-session': session })).status,
      ).toBe(200);
    }
    // a is used again, so b is now the least recently used; d pushes it out.
    await createPlant(mock, { id: 2, name: 'Fern' }, { 'x-mock-session': 'a' });
    await createPlant(mock, { id: 1, name: 'Fern' }, { 'x-mock-session': 'd' });
    expect((await health(mock)).sessions).toEqual({ live: 3, limit: 3, evicted: 1 });
    // b's store was forgotten: its id 1 can be created again; a kept its own.
    expect(
      (await createPlant(mock, { id: 1, name: 'Fern' }, { 'x-mock-session': 'a' })).status,
    ).toBe(400);
    expect(
      (await createPlant(mock, { id: 1, name: 'Fern' }, { 'x-mock-session': 'b' })).status,
    ).toBe(200);
  });

  it('keeps no more sessions than the limit under 401 and invalid traffic from many sessions', async () => {
    const mock = (server = await startTestServer({ sessionLimit: 50, journalLimit: 20 }));
    for (let i = 0; i < 400; i++) {
      const headers = { 'x-mock-session': `s-${i}`, ...(i % 2 === 0 ? { authorization: '' } : {}) };
      const answer = await createPlant(mock, { id: 'not a number' }, headers);
      expect([400, 401]).toContain(answer.status);
    }
    const { sessions } = await health(mock);
    expect(sessions.live).toBeLessThanOrEqual(50);
    expect(sessions.evicted).toBe(400 - sessions.live);
    // The journal's total still counts every request, those of evicted sessions too.
    const listing = await admin(mock, '/requests?limit=1', { session: '*' });
    const meta = (listing.body as { meta: { total: number; dropped: number } }).meta;
    expect(meta.total + meta.dropped).toBe(400);
  });

  // Before, a request could name the session `*`, which the session table never counts (admin
  // calls use it for every session): its store, coverage and pact outlived every eviction.
  it('refuses the session `*` on the mock port, so every session with state is within the limit', async () => {
    const mock = (server = await startTestServer({ sessionLimit: 2 }));
    const refused = { error: 400, message: expect.stringContaining('every session') as string };
    const star = await createPlant(mock, { id: 1, name: 'Fern' }, { 'x-mock-session': '*' });
    expect(star.status).toBe(400);
    expect(star.body).toMatchObject(refused);
    const byUrl = await send(`${mock.url}/__session/%2A/plants`, {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: JSON.stringify({ id: 1, name: 'Fern' }),
    });
    expect(byUrl.status).toBe(400);
    for (const session of ['a', 'b', 'c']) {
      await createPlant(mock, { id: 1, name: 'Fern' }, { 'x-mock-session': session });
    }
    // Nothing was kept under `*`: the same create is refused the same way, not as a duplicate id.
    const again = await createPlant(mock, { id: 1, name: 'Fern' }, { 'x-mock-session': '*' });
    expect(again.body).toMatchObject(refused);
    expect((await health(mock)).sessions.live).toBe(2);
    // Admin calls still read every session by `*`.
    const listing = await admin(mock, '/requests?limit=1', { session: '*' });
    expect((listing.body as { meta: { total: number } }).meta.total).toBe(6);
  });

  // Before, a reset of every session condensed the requests of session `*` under `*`, and took for
  // what `*` kept before the first of every session's kept traffic: that session's requests
  // were counted again in every pact of `*`.
  it('counts every request once in the pact of every session, whatever session the requests named', async () => {
    const mock = (server = await startTestServer());
    const all = { method: 'POST', session: '*' } as const;
    await createPlant(mock, { id: 1, name: 'Fern' }, { 'x-mock-session': 'a' });
    await createPlant(mock, { id: 4, name: 'Fern' }, { 'x-mock-session': 'a' });
    expect((await admin(mock, '/reset', all)).status).toBe(200);
    await createPlant(mock, { id: 2, name: 'Fern' }, { 'x-mock-session': '*' });
    expect((await admin(mock, '/reset', all)).status).toBe(200);
    await createPlant(mock, { id: 3, name: 'Fern' }, { 'x-mock-session': '*' });
    expect((await admin(mock, '/reset', all)).status).toBe(200);
    const pact = (await admin(mock, '/pact', { session: '*' })).body as { entries: number };
    expect(pact.entries).toBe(4);
  });

  it('refuses a session name over 256 bytes with a 400 Error body, on the mock and the admin API', async () => {
    const mock = (server = await startTestServer());
    const long = 's'.repeat(257);
    const answer = await createPlant(mock, { id: 1, name: 'Fern' }, { 'x-mock-session': long });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: 400,
      message: expect.stringContaining('256 bytes') as string,
    });
    const read = await admin(mock, '/requests', { session: long });
    expect(read.status).toBe(400);
    expect(read.body).toMatchObject({
      error: 400,
      message: expect.stringContaining('256 bytes') as string,
    });
    const byQuery = await send(`${mock.adminUrl}/requests?session=${'q'.repeat(300)}`);
    expect(byQuery.status).toBe(400);
    // A name of exactly 256 bytes is a session like any other.
    const fine = await createPlant(
      mock,
      { id: 1, name: 'Fern' },
      { 'x-mock-session': long.slice(1) },
    );
    expect(fine.status).toBe(200);
  });
});
