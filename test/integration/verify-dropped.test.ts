import type { RunningMockServer } from 'plant-store-mock';
import { createMockClient, VerificationError, type MockClient } from 'plant-store-mock/client';
import 'plant-store-mock/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../support/admin-fetch.ts';
import { createPlant, startTestServer } from '../support/mock-fetch.ts';
import { rejectionOf } from '../support/rejection-of.ts';

const creates = { method: 'POST', path: '/plants' };

// A journal of 5 entries: session "quiet" sends 2 creates, then "busy" sends 8 and pushes them out.
let server: RunningMockServer;
let quiet: MockClient;
beforeAll(async () => {
  server = await startTestServer({ journalLimit: 5 });
  quiet = createMockClient({ url: server.url, adminUrl: server.adminUrl, session: 'quiet' });
  for (const id of [1, 2]) await createPlant(server, { id, name: 'Fern' }, quiet.sessionHeaders);
  for (let id = 10; id < 18; id++) {
    await createPlant(server, { id, name: 'Ivy' }, { 'x-mock-session': 'busy' });
  }
});
afterAll(() => server.close());

async function verify(session: string, times: object) {
  return admin(server, '/verify', { session, body: { pattern: creates, times } });
}

describe('verify after the full journal dropped entries', () => {
  it.each([{ exactly: 0 }, { atMost: 1 }, { exactly: 2 }, { atLeast: 1 }])(
    'fails %o as inconclusive with the dropped count and why, instead of passing on lost data',
    async (times) => {
      const answer = await verify('quiet', times);
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ ok: false, count: 0, dropped: 2, inconclusive: true });
      expect((answer.body as { message: string }).message).toMatch(
        /dropped 2 earlier requests of this session that may have matched.*--journal-limit/,
      );
    },
  );

  it('still passes a count that no dropped entry could change, and says how many were dropped', async () => {
    expect((await verify('quiet', { atLeast: 0 })).body).toEqual({
      ok: true,
      count: 0,
      dropped: 2,
    });
    expect((await verify('busy', { atLeast: 5 })).body).toEqual({ ok: true, count: 5, dropped: 3 });
    // Too many kept matches already: a sure failure, not an inconclusive one.
    const over = await verify('busy', { atMost: 4 });
    expect(over.body).toMatchObject({ ok: false, count: 5, inconclusive: false });
  });

  it('counts the drops of every session for `*`, and none for a session that lost nothing', async () => {
    expect((await verify('*', { atMost: 5 })).body).toMatchObject({
      dropped: 5,
      inconclusive: true,
    });
    expect((await verify('fresh', { exactly: 0 })).body).toEqual({
      ok: true,
      count: 0,
      dropped: 0,
    });
  });

  it('fails a sequence not found as inconclusive when its start may have been dropped', async () => {
    const answer = await admin(server, '/verify/sequence', {
      session: 'quiet',
      body: { patterns: [creates] },
    });
    expect(answer.body).toMatchObject({ ok: false, dropped: 2, inconclusive: true });
  });

  it('makes the client throw a VerificationError that names the dropped requests', async () => {
    const error = await rejectionOf(quiet.verify(creates, { exactly: 0 }), VerificationError);
    expect(error.failure.result).toMatchObject({ dropped: 2, inconclusive: true });
    expect(error.message.split('\n')[1]).toMatch(/the full journal dropped 2 earlier requests/);
  });

  it('fails both toHaveReceived and its .not in the vitest matchers', async () => {
    const claim = await rejectionOf(expect(quiet).toHaveReceived(creates), Error);
    expect(claim.message).toMatch(/dropped 2 earlier requests/);
    const negation = await rejectionOf(expect(quiet).not.toHaveReceived(creates), Error);
    expect(negation.message).toMatch(/dropped 2 earlier requests/);
    const exactlyNone = await rejectionOf(
      expect(quiet).toHaveReceived(creates, { times: { exactly: 0 } }),
      Error,
    );
    expect(exactlyNone.message).toMatch(/cannot be decided/);
  });

  it('forgets the drops of a session once it is reset', async () => {
    const other = quiet.session('reset-me');
    await createPlant(server, { id: 30, name: 'Fern' }, other.sessionHeaders);
    for (let id = 40; id < 46; id++) {
      await createPlant(server, { id, name: 'Ivy' }, { 'x-mock-session': 'busy' });
    }
    await expect(other.verify(creates, { exactly: 0 })).rejects.toThrow(VerificationError);
    await other.reset();
    expect(await other.verify(creates, { exactly: 0 })).toBe(0);
  });
});
