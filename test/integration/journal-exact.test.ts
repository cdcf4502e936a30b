import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningMockServer } from 'plant-store-mock';
import { createMockClient, VerificationError } from 'plant-store-mock/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../support/admin-fetch.ts';
import { createPlant, send, startTestServer } from '../support/mock-fetch.ts';

const limit = 16 * 1024;
// Two ids that a JavaScript number cannot tell apart.
const big = '9007199254740993';
const bigNeighbour = '9007199254740992';

interface Entry {
  request: { body: unknown; truncated?: boolean };
  response: { status: number; body: unknown; truncated?: boolean };
}

describe('bodies over 16 KiB in the journal', () => {
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startTestServer({ journalLimit: 20 });
  });
  afterAll(() => server.close());

  it('keeps the first 16 KiB of an echoed response body as text, marked truncated', async () => {
    const name = `Fern-${'é'.repeat(60_000)}`;
    const answer = await createPlant(server, { id: 1, name }, { 'x-mock-session': 'cut' });
    expect(answer.status).toBe(200);
    expect((answer.body as { name: string }).name).toBe(name);
    const { requests } = (await admin(server, '/requests', { session: 'cut' })).body as {
      requests: Entry[];
    };
    const [entry] = requests;
    expect(entry?.response.truncated).toBe(true);
    expect(entry?.request.truncated).toBe(true);
    for (const body of [entry?.response.body, entry?.request.body]) {
      expect(typeof body).toBe('string');
      expect(Buffer.byteLength(body as string)).toBeLessThanOrEqual(limit);
      expect(body as string).toMatch(/^\{"(id|name)":/);
    }
  });

  it('leaves bodies within 16 KiB whole and unmarked', async () => {
    await createPlant(server, { id: 2, name: 'Ivy' }, { 'x-mock-session': 'whole' });
    const { requests } = (await admin(server, '/requests', { session: 'whole' })).body as {
      requests: Entry[];
    };
    expect(requests[0]?.response).toMatchObject({ body: { name: 'Ivy' } });
    expect(requests[0]?.response.truncated).toBeUndefined();
    expect(requests[0]?.request.truncated).toBeUndefined();
  });

  it('holds the full listing to the journal limit times 16 KiB a side, whatever the answers echo', async () => {
    for (let id = 100; id < 130; id++) {
      const answer = await createPlant(
        server,
        { id, name: 'x'.repeat(400_000) },
        { 'x-mock-session': 'echo' },
      );
      expect(answer.status).toBe(200);
    }
    const listing = await admin(server, '/requests', { session: '*' });
    expect(listing.status).toBe(200);
    // 20 entries, each two cut bodies and a few hundred bytes of the rest.
    expect(listing.text.length).toBeLessThan(20 * (2 * limit + 2_000));
    const har = await admin(server, '/requests.har', { session: '*' });
    expect(har.text.length).toBeLessThan(20 * (2 * limit + 4_000));
  });
});

describe('integers past 2^53', () => {
  let server: RunningMockServer;
  let folder: string;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'plant-mock-exact-'));
    server = await startTestServer({ recordFile: join(folder, 'record.jsonl') });
    for (const id of [big, bigNeighbour]) {
      const answer = await createPlant(server, `{"id":${id},"name":"Fern"}`, {
        'x-mock-session': 'big',
      });
      expect(answer.status).toBe(200);
    }
  });
  afterAll(async () => {
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('journals each id digit for digit, in the listing, one entry, the HAR and the record file', async () => {
    const listing = await admin(server, '/requests', { session: 'big' });
    expect(listing.text).toContain(`"id":${big}`);
    expect(listing.text).toContain(`"id":${bigNeighbour}`);
    const firstId = /"id":"(\d+)"/.exec(listing.text)?.[1] ?? '';
    expect((await admin(server, `/requests/${firstId}`, { session: 'big' })).text).toContain(
      `"id":${bigNeighbour}`,
    );
    const har = await admin(server, '/requests.har', { session: 'big' });
    expect(har.text).toContain(`\\"id\\":${big}`);
    await server.close();
    const lines = readFileSync(join(folder, 'record.jsonl'), 'utf8');
    expect(lines).toContain(`"id":${big}`);
    expect(lines).toContain(`"id":${bigNeighbour}`);
    server = await startTestServer();
  });
});

describe('verifying integers past 2^53', () => {
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startTestServer();
    for (const id of [big, bigNeighbour, big]) {
      await createPlant(server, `{"id":${id},"name":"Fern"}`, { 'x-mock-session': 'v' });
    }
  });
  afterAll(() => server.close());

  // Sent as text: JSON.stringify of a JavaScript number would round the id before it left.
  const verify = (body: string) =>
    send(`${server.adminUrl}/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-mock-session': 'v' },
      body,
    });

  it.each([
    ['matches', big, 2],
    ['matches', bigNeighbour, 1],
    ['equalTo', big, 2],
  ])('counts body.%s id %s exactly (%i)', async (kind, id, count) => {
    const value = kind === 'matches' ? `{"id":${id}}` : `{"id":${id},"name":"Fern"}`;
    const answer = await verify(
      `{"pattern":{"body":{"${kind}":${value}}},"times":{"exactly":${count}}}`,
    );
    expect(answer.body).toMatchObject({ ok: true, count });
  });

  it('names the exact ids in a near miss', async () => {
    const answer = await verify(`{"pattern":{"body":{"matches":{"id":9007199254740995}}}}`);
    expect(answer.status).toBe(422);
    expect(answer.text).toContain(`expected 9007199254740995, got ${big}`);
  });

  it('gives the client bigints, and takes them in patterns', async () => {
    const client = createMockClient({ url: server.url, adminUrl: server.adminUrl, session: 'v' });
    const { requests } = await client.requests();
    expect(requests.map((r) => (r.request.body as { id: unknown }).id)).toEqual([
      BigInt(big),
      BigInt(bigNeighbour),
      BigInt(big),
    ]);
    const count = await client.verify(
      { body: { matches: { id: BigInt(bigNeighbour) } } },
      { exactly: 1 },
    );
    expect(count).toBe(1);
    const failure = await client
      .verify({ body: { matches: { id: BigInt(big) } } }, { exactly: 1 })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(VerificationError);
    expect((failure as Error).message).toContain(`{"body":{"matches":{"id":${big}}}}`);
  });
});

describe('a session that returns after it was evicted', () => {
  // Two live sessions at most, and a journal of four entries: "gone" sends a create, then two
  // other sessions evict it and push its entry out of the journal.
  let server: RunningMockServer;
  const create = (session: string, id: number) =>
    createPlant(server, { id, name: 'Fern' }, { 'x-mock-session': session });
  const verifyNone = (exactly = 0) =>
    admin(server, '/verify', {
      session: 'gone',
      body: { pattern: { method: 'POST', path: '/plants' }, times: { exactly } },
    });
  beforeAll(async () => {
    server = await startTestServer({ sessionLimit: 2, journalLimit: 4 });
    await create('gone', 1);
    for (let id = 10; id < 16; id++) await create(id % 2 === 0 ? 'b' : 'c', id);
    const health = (await admin(server, '/health')).body as { sessions: { evicted: number } };
    expect(health.sessions.evicted).toBeGreaterThan(0);
  });
  afterAll(() => server.close());

  it('fails "none was sent" as inconclusive: its create was dropped while it was gone', async () => {
    const answer = await verifyNone();
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ ok: false, dropped: 1, inconclusive: true });
    // Coming back does not forget it: one create kept, one lost, so "exactly one" is not sure.
    await create('gone', 2);
    expect((await verifyNone(1)).body).toMatchObject({ ok: false, count: 1, inconclusive: true });
  });

  it('counts nothing once it clears its requests, or is reset', async () => {
    await admin(server, '/requests', { method: 'DELETE', session: 'gone' });
    expect((await verifyNone()).body).toMatchObject({ ok: true, dropped: 0 });
    await create('gone', 3);
    await admin(server, '/reset', { method: 'POST', session: 'gone' });
    expect((await verifyNone()).body).toMatchObject({ ok: true, dropped: 0 });
  });
});
