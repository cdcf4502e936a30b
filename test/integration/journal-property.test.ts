import { Agent } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMockServer } from 'plant-store-mock';
import { maxJsonDepth } from '../../src/parsing/json-depth.ts';
import { admin } from '../support/admin-fetch.ts';
import { openInProcessMock } from '../support/in-process-mock.ts';
import { auth, json, startTestServer } from '../support/mock-fetch.ts';
import { sendOver } from '../support/raw-http.ts';

const answerBoundMs = 5_000;

/** JSON text nested `depth` deep: a chain of arrays and objects, each level one of the two. */
const nestedText = fc
  .record({
    depth: fc.integer({ min: maxJsonDepth - 8, max: maxJsonDepth + 8 }),
    kinds: fc.array(fc.boolean(), { minLength: maxJsonDepth + 8, maxLength: maxJsonDepth + 8 }),
    leaf: fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.constant(null)),
    // Where the chain sits: the whole body, or a field of an otherwise valid create.
    inCreate: fc.boolean(),
  })
  .map(({ depth, kinds, leaf, inCreate }) => {
    // Inside a create the body's own object is one level more.
    const levels = inCreate ? depth - 1 : depth;
    let text = JSON.stringify(leaf);
    for (let level = 0; level < levels; level++) {
      text = kinds[level] === true ? `[${text}]` : `{"k${level}":${text}}`;
    }
    return { depth, text: inCreate ? `{"id":1,"name":"Fern","tag":${text}}` : text };
  });

describe('bodies nested around the depth limit', () => {
  let server: RunningMockServer;
  // node:http over one keep-alive connection: fetch's own work was a quarter of the test's CPU.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  beforeAll(async () => {
    server = await startTestServer({ journalLimit: 100 });
  });
  afterAll(async () => {
    agent.destroy();
    await server.close();
  });

  it('answers each with a contract-shaped status, journals it, and keeps every admin read working', async () => {
    // A session per run: each run reads back its own entry, not the whole journal again (the
    // whole journal is read once at the end).
    let run = 0;
    await fc.assert(
      fc.asyncProperty(nestedText, fc.boolean(), async ({ depth, text }, withToken) => {
        const session = `deep-${String(run++)}`;
        const answer = await sendOver(agent, `${server.url}/plants`, {
          method: 'POST',
          headers: { ...json, ...(withToken ? auth : {}), 'x-mock-session': session },
          body: text,
          signal: AbortSignal.timeout(answerBoundMs),
        });
        expect(answer.status).toBeLessThan(500);
        expect(answer.body).toMatchObject({ error: answer.status });
        if (depth > maxJsonDepth && withToken) {
          expect((answer.body as { message: string }).message).toMatch(
            /nest arrays and objects at most 128 deep/,
          );
        }
        // The entry is written once the answer has closed: the listing, one entry, the HAR and
        // a verify all read it back (a body the journal could not stringify crashed them before).
        const listing = await admin(server, '/requests?limit=1', { session, agent });
        expect(listing.status).toBe(200);
        const [entry] = (listing.body as { requests: { id: string; response: object }[] }).requests;
        expect(entry?.response).toMatchObject({ status: answer.status });
        const one = await admin(server, `/requests/${entry?.id ?? ''}`, { session, agent });
        expect(one.status).toBe(200);
        expect((await admin(server, '/requests.har', { session, agent })).status).toBe(200);
        const verify = await admin(server, '/verify', {
          session,
          agent,
          body: { pattern: { body: { matches: { id: 1 } } }, times: { atLeast: 0 } },
        });
        expect(verify.status).toBe(200);
      }),
      { numRuns: 150 },
    );
    // The journal's last 100 deep bodies together, in every session: the same reads still work.
    const listing = await admin(server, '/requests', { session: '*', agent });
    expect((listing.body as { requests: unknown[] }).requests).toHaveLength(100);
    expect((await admin(server, '/requests.har', { session: '*', agent })).status).toBe(200);
    const verify = await admin(server, '/verify', {
      session: '*',
      agent,
      body: { pattern: { body: { matches: { id: 1 } } }, times: { atLeast: 0 } },
    });
    expect(verify.status).toBe(200);
    expect((await admin(server, '/health', { agent })).status).toBe(200);
  });
});

/** One request of a generated run: who sends it, and whether it is a valid create. */
const traffic = fc.array(
  fc.record({
    session: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'),
    kind: fc.constantFrom('create', 'invalid', 'unauthorized'),
  }),
  { minLength: 1, maxLength: 40 },
);

describe('verifying many sessions over small limits', () => {
  it('never passes a verification on lost data, and never fails one the true count would pass', async () => {
    await fc.assert(
      fc.asyncProperty(
        traffic,
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 2, max: 12 }),
        async (requests, sessionLimit, journalLimit) => {
          // In process: a server's start and HTTP were most of each run's work.
          const mock = await openInProcessMock({ sessionLimit, journalLimit });
          const sent = new Map<string, number>();
          let id = 1;
          for (const { session, kind } of requests) {
            const body = kind === 'invalid' ? { name: 'no id' } : { id: id++, name: 'Fern' };
            const answer = await mock.send('/plants', {
              method: 'POST',
              headers: {
                ...json,
                ...(kind === 'unauthorized' ? {} : auth),
                'x-mock-session': session,
              },
              body: JSON.stringify(body),
            });
            expect(answer.status).toBe(kind === 'create' ? 200 : kind === 'invalid' ? 400 : 401);
            sent.set(session, (sent.get(session) ?? 0) + 1);
          }
          for (const session of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', '*']) {
            const count = session === '*' ? requests.length : (sent.get(session) ?? 0);
            const verify = async (times: object) =>
              (
                await mock.admin('/verify', {
                  session,
                  body: { pattern: { path: '/plants' }, times },
                })
              ).body as { ok: boolean; count: number; inconclusive?: boolean };
            const none = await verify({ exactly: 0 });
            if (count > 0) expect(none.ok, `${session} sent ${count}`).toBe(false);
            const exact = await verify({ exactly: count });
            if (exact.ok) expect(exact.count).toBe(count);
            else expect(exact.inconclusive, `${session} sent ${count}`).toBe(true);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
