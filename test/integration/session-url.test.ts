import type { RunningMockServer } from 'plant-store-mock';
import { createMockClient, VerificationError, type MockClient } from 'plant-store-mock/client';
import 'plant-store-mock/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../support/admin-fetch.ts';
import { auth, createPlant, json, send, startTestServer } from '../support/mock-fetch.ts';
import { rejectionOf } from '../support/rejection-of.ts';

// A session's base URL, `/__session/NAME/`: what a browser app or a story uses instead of a header.
describe('sessions by URL', () => {
  let server: RunningMockServer;
  let root: MockClient;

  beforeAll(async () => {
    server = await startTestServer();
    root = createMockClient({ url: server.url });
  });
  afterAll(() => server.close());

  it("records a request on the session's base URL in that session, under the contract's path", async () => {
    const mock = root.session('web/checkout');
    expect(mock.baseUrl).toBe(`${server.url}/__session/web%2Fcheckout`);
    const created = await createPlant({ url: mock.baseUrl }, { id: 1, name: 'Fern' });
    expect(created.status).toBe(200);
    // Another session's store is its own: the same id is new there.
    expect(
      (await createPlant({ url: root.session('other').baseUrl }, { id: 1, name: 'Fern' })).status,
    ).toBe(200);
    const { requests } = await mock.requests();
    expect(requests.map((entry) => [entry.session, entry.request.path])).toEqual([
      ['web/checkout', '/plants'],
    ]);
    expect((await root.requests()).meta.total).toBe(0);
    await expect(mock).toHaveReceived({ method: 'POST', path: '/plants' }, { exactly: 1 });
  });

  it('answers a browser on the base URL: the preflight and the request carry CORS headers', async () => {
    const url = `${root.session('browser').baseUrl}/plants`;
    const origin = 'http://localhost:6006';
    const preflight = await send(url, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    expect(preflight.headers.get('access-control-allow-headers')).toBe(
      'authorization, content-type',
    );
    const created = await send(url, {
      method: 'POST',
      headers: { ...auth, ...json, origin },
      body: JSON.stringify({ id: 2, name: 'Ivy' }),
    });
    expect(created.status).toBe(200);
    expect(created.headers.get('access-control-allow-origin')).toBe(origin);
    expect((await root.session('browser').requests()).meta.total).toBe(1);
  });

  it('refuses a base URL that names no session, a name past 256 bytes, or another session than the header', async () => {
    const empty = await createPlant({ url: `${server.url}/__session/` }, { id: 3, name: 'Ivy' });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('names no session');
    const long = await createPlant(
      { url: `${server.url}/__session/${'a'.repeat(257)}` },
      { id: 3, name: 'Ivy' },
    );
    expect(long.status).toBe(400);
    expect(long.text).toContain('257 bytes, over the limit of 256');
    const both = await createPlant(
      { url: root.session('a').baseUrl },
      { id: 3, name: 'Ivy' },
      {
        'x-mock-session': 'b',
      },
    );
    expect(both.status).toBe(400);
    expect(both.text).toContain('the URL names session \\"a\\" and X-Mock-Session names \\"b\\"');
    // The same name twice is one session.
    const same = await createPlant(
      { url: root.session('a').baseUrl },
      { id: 3, name: 'Ivy' },
      {
        'x-mock-session': 'a',
      },
    );
    expect(same.status).toBe(200);
  });

  it('hints, when a verification finds nothing, at matching requests in session default', async () => {
    const mock = root.session('forgot-the-session');
    await createPlant(server, { id: 40, name: 'Calathea' });
    const pattern = { method: 'POST', path: '/plants', body: { matches: { name: 'Calathea' } } };
    const answer = await admin(server, '/verify', { body: { pattern }, session: mock.sessionName });
    expect(answer.status).toBe(422);
    expect((answer.body as { hint?: string }).hint).toMatch(
      /^1 matching request is in session default: sent without the session\./,
    );
    const failure = await rejectionOf(mock.verify(pattern), VerificationError);
    expect(failure.message).toContain('1 matching request is in session default');
    const matcher = await rejectionOf(expect(mock).toHaveReceived(pattern), Error);
    expect(matcher.message).toContain(`${mock.baseUrl.slice(server.url.length)}/`);
    // A pattern that matches nothing anywhere gets no hint.
    const none = await rejectionOf(mock.verify({ path: '/nowhere' }), VerificationError);
    expect(none.message).not.toContain('session default');
  });
});
