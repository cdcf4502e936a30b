import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { ConfigError, type RunningMockServer } from 'plant-store-mock';
import { afterEach, expect, it } from 'vitest';
import { admin } from '../support/admin-fetch.ts';
import { createPlant, send, startTestServer } from '../support/mock-fetch.ts';
import { rejectionOf } from '../support/rejection-of.ts';

let server: RunningMockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

it('refuses every admin endpoint and method but health without the admin token', async () => {
  server = await startTestServer({ adminToken: 'admin-secret' });
  const doc = (await admin(server, '/openapi.json', { token: 'admin-secret' })).body as {
    paths: Record<string, Record<string, unknown>>;
  };
  const calls = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map(
      (method) =>
        [method.toUpperCase(), path.replace('{id}', '1').replace('{asset}', 'app.js')] as const,
    ),
  );
  expect(calls.length).toBeGreaterThanOrEqual(12);
  for (const [method, path] of calls) {
    const url = `${server.url}${path}`;
    const withoutToken = await send(url, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(method === 'POST' ? { body: '{}' } : {}),
    });
    const withWrongToken = await send(url, { method, headers: { authorization: 'Bearer wrong' } });
    // The inspector page and its assets hold no data: the page asks for the token itself.
    if (path === '/__admin/health' || path.startsWith('/__admin/inspector')) {
      expect([path, withoutToken.status]).toEqual([path, 200]);
      continue;
    }
    expect([method, path, withoutToken.status]).toEqual([method, path, 401]);
    expect([method, path, withWrongToken.status]).toEqual([method, path, 401]);
    expect(withoutToken.body).toMatchObject({ error: 401 });
  }
  const wrongMethod = await send(`${server.url}/__admin/coverage`, { method: 'PUT' });
  expect(wrongMethod.status).toBe(401);
  expect((await admin(server, '/coverage', { token: 'admin-secret' })).status).toBe(200);
});

it('checks the admin token before it reads a body, and takes only the exact token', async () => {
  server = await startTestServer({ adminToken: 'admin-secret' });
  const json = { 'content-type': 'application/json' };
  const bodies = ['{"pattern":', '['.repeat(100_000), JSON.stringify({ pattern: {} })];
  for (const body of bodies) {
    const answer = await send(`${server.url}/__admin/verify`, {
      method: 'POST',
      headers: json,
      body,
    });
    expect([body.slice(0, 12), answer.status]).toEqual([body.slice(0, 12), 401]);
    expect(answer.body).toMatchObject({ error: 401 });
  }
  for (const token of ['admin-secre', 'admin-secret2', 'ADMIN-SECRET', 'admin-secret ']) {
    const answer = await send(`${server.url}/__admin/coverage`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect([token, answer.status]).toEqual([token, token === 'admin-secret ' ? 200 : 401]);
  }
  const malformed = await send(`${server.url}/__admin/verify`, {
    method: 'POST',
    headers: { ...json, authorization: 'Bearer admin-secret' },
    body: '{"pattern":',
  });
  expect(malformed.status).toBe(400);
});

it('answers 404 for an inspector asset named like a property of every object', async () => {
  server = await startTestServer();
  for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
    const answer = await send(`${server.url}/__admin/inspector/${name}`);
    expect([name, answer.status]).toEqual([name, 404]);
    expect(answer.body).toMatchObject({ error: 404 });
  }
});

it('keeps the admin token out of the journal and the HAR', async () => {
  server = await startTestServer({ adminToken: 'admin-secret' });
  await createPlant(server, { id: 1, name: 'Fern' }, { authorization: 'Bearer admin-secret' });
  const journal = await admin(server, '/requests', { token: 'admin-secret' });
  const har = await admin(server, '/requests.har', { token: 'admin-secret' });
  expect(journal.text).not.toContain('admin-secret');
  expect(har.text).not.toContain('admin-secret');
});

it('serves the admin API on --admin-port and not on the mock port', async () => {
  server = await startTestServer({ adminPort: 0 });
  expect(server.adminUrl).not.toBe(`${server.url}/__admin`);
  await createPlant(server, { id: 1, name: 'Fern' });
  expect((await admin(server, '/requests')).body).toMatchObject({ meta: { total: 1 } });
  expect((await send(`${server.url}/__admin/requests`)).status).toBe(404);
  expect((await send(`${server.url}/__admin/health`)).status).toBe(200);
});

/** A loopback listener on a port of its own, to make that port busy. */
async function listenOnFreePort() {
  const holder = createServer();
  holder.listen(0, '127.0.0.1');
  await once(holder, 'listening');
  return {
    port: (holder.address() as AddressInfo).port,
    close: async () => {
      holder.close();
      await once(holder, 'close');
    },
  };
}

it('rejects a start whose --admin-port is busy, naming that port, and frees the mock port', async () => {
  const busy = await listenOnFreePort();
  // A port that was free a moment ago, so that the test can look whether it is free again.
  const probe = await listenOnFreePort();
  await probe.close();
  try {
    const error = await rejectionOf(
      startTestServer({ port: probe.port, adminPort: busy.port }),
      ConfigError,
    );
    expect(error.message).toContain(`127.0.0.1:${busy.port} (--admin-port): EADDRINUSE`);
    const again = await startTestServer({ port: probe.port });
    await again.close();
  } finally {
    await busy.close();
  }
});
