import { request } from 'node:http';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { admin } from '../support/admin-fetch.ts';
import { describeOnEachStore } from '../support/describe-on-each-store.ts';
import { auth, json } from '../support/mock-fetch.ts';

// Sessions by URL, `/__session/NAME/plants`, with names no header could carry: percent-encoded
// controls, slashes and dots, unicode, names past the limit, thousands of names. Each create is
// answered with a contract-shaped 200 or 400, no name breaks a read of the journal, and the
// sessions stay within --session-limit; in memory and on Redis.

/** POST /plants under a raw session segment (sent as it is: no URL normalisation). */
function createIn(
  port: number,
  segment: string,
  id: number,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/__session/${segment}/plants`,
        headers: { ...auth, ...json },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ id, name: 'Fern' }));
  });
}

// Names as a client might percent-encode them, and segments as a hostile one might send them.
const names = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }).map(encodeURIComponent),
  fc.string({ unit: 'binary', maxLength: 300 }).map(encodeURIComponent),
  fc.constantFrom(
    '..',
    '.',
    '%2e%2e',
    '%2F',
    '..%2F..%2Fetc',
    '%',
    '%ff',
    '%C0%AF',
    '%00',
    '%0A',
    'a%0Ab',
    'a%00b',
    'a%09b',
    '%0D%0AX-Evil:%201',
  ),
  fc.integer({ min: 200, max: 300 }).map((n) => encodeURIComponent('é'.repeat(n / 2))),
);

const port = (url: string): number => Number(new URL(url).port);

const limit = 50;

describeOnEachStore('hostile session names in the base URL', { sessionLimit: limit }, (mock) => {
  it('answers each create with a 200 or a 400 that names the session, and every read still works', async () => {
    const server = mock();
    let id = 0;
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(names, async (segment) => {
        const answer = await createIn(port(server.url), segment, ++id);
        expect([200, 400, 404]).toContain(answer.status);
        if (answer.status === 200) accepted++;
        else expect(answer.body).toMatchObject({ error: answer.status });
        if (answer.status === 400) {
          expect((answer.body as { message: string }).message).toMatch(/session/);
        }
      }),
      { numRuns: 300 },
    );
    const listing = await admin(server, '/requests?fields=summary', { session: '*' });
    expect(listing.status).toBe(200);
    expect((await admin(server, '/pact', { session: '*' })).status).toBe(200);
    expect(accepted).toBeGreaterThan(0);
    expect((await admin(server, '/reset', { method: 'POST', session: '*' })).status).toBe(200);
  }, 120_000);

  it('keeps at most --session-limit sessions over 1,000 names, evicting the least recently used', async () => {
    const server = mock();
    for (let n = 0; n < 1_000; n++) {
      expect((await createIn(port(server.url), `many-${n}`, n)).status).toBe(200);
    }
    const health = (await admin(server, '/health')).body as {
      sessions: { live: number; evicted: number };
    };
    expect(health.sessions.live).toBeLessThanOrEqual(limit);
    expect(health.sessions.evicted).toBeGreaterThanOrEqual(1_000 - limit);
  }, 120_000);
});
