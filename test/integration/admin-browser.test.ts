import { request } from 'node:http';
import type { RunningMockServer } from 'plant-store-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { admin } from '../support/admin-fetch.ts';
import { send, startTestServer } from '../support/mock-fetch.ts';

let server: RunningMockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** An admin call with headers fetch would not let a test set (Host). */
function adminCall(
  adminUrl: string,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: string,
): Promise<RawAnswer> {
  const url = new URL(`${adminUrl}${path}`);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-length': body.length }) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.once('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text === '' ? undefined : (JSON.parse(text) as unknown),
          });
        });
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}

const faultStub = JSON.stringify({ pattern: { path: '/plants' }, fault: 'reset' });

describe('the admin API from a web page', () => {
  it('refuses a stub sent as text/plain (a CORS simple request) with 415, and registers nothing', async () => {
    server = await startTestServer();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']) {
      const answer = await send(`${server.adminUrl}/stubs`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: faultStub,
      });
      expect([type, answer.status]).toEqual([type, 415]);
      expect(answer.body).toMatchObject({ error: 415 });
      expect((answer.body as { message: string }).message).toContain('application/json');
    }
    const unlabelled = await adminCall(server.adminUrl, '/stubs', {}, 'POST', faultStub);
    expect(unlabelled.status).toBe(415);
    expect((await admin(server, '/stubs')).body).toEqual({ stubs: [] });
    // JSON still works, and a write without a body needs no label.
    const json = await admin(server, '/stubs', { body: JSON.parse(faultStub) as unknown });
    expect(json.status).toBe(201);
    expect((await adminCall(server.adminUrl, '/reset', {}, 'POST')).status).toBe(200);
  });

  it('refuses a Host that a DNS-rebinding page would send, with a 403 Error body', async () => {
    server = await startTestServer();
    for (const host of ['attacker.example', 'rebind.attacker.example:4010', '127.0.0.1.nip.io']) {
      for (const path of ['/requests', '/health', '/requests.har']) {
        const answer = await adminCall(server.adminUrl, path, { host });
        expect([host, path, answer.status]).toEqual([host, path, 403]);
        expect(answer.body).toMatchObject({ error: 403 });
        expect((answer.body as { message: string }).message).toContain('--allowed-hosts');
      }
    }
  });

  it('accepts loopback names, IP literals, compose service names and private names by default', async () => {
    server = await startTestServer();
    const hosts = [
      'localhost',
      'LOCALHOST:4010',
      '127.0.0.1',
      `127.0.0.1:${server.port}`,
      '[::1]:4010',
      '10.0.0.7:4010',
      'mock:4010',
      'plant-store-mock',
      'app.localhost',
      'host.docker.internal:4010',
      'localhost.',
    ];
    for (const host of hosts) {
      const answer = await adminCall(server.adminUrl, '/requests', { host });
      expect([host, answer.status]).toEqual([host, 200]);
    }
  });

  it('accepts the names of --allowed-hosts, a domain with its subdomains, or any with *', async () => {
    server = await startTestServer({ allowedHosts: ['mock.example.com', '.ci.example.org'] });
    for (const [host, status] of [
      ['mock.example.com', 200],
      ['ci.example.org:80', 200],
      ['a.b.ci.example.org', 200],
      ['other.example.com', 403],
    ] as const) {
      expect([host, (await adminCall(server.adminUrl, '/requests', { host })).status]).toEqual([
        host,
        status,
      ]);
    }
    await server.close();
    server = await startTestServer({ allowedHosts: ['*'] });
    expect((await adminCall(server.adminUrl, '/requests', { host: 'x.example' })).status).toBe(200);
  });

  it('refuses a page of a foreign origin, preflight included, even on an allowed Host', async () => {
    server = await startTestServer();
    for (const origin of ['https://attacker.example', 'http://203.0.113.9', 'null']) {
      const read = await adminCall(server.adminUrl, '/requests', { origin });
      expect([origin, read.status]).toEqual([origin, 403]);
      const preflight = await adminCall(
        server.adminUrl,
        '/stubs',
        {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
        'OPTIONS',
      );
      expect([origin, preflight.status]).toEqual([origin, 403]);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      const write = await adminCall(
        server.adminUrl,
        '/stubs',
        { origin, 'content-type': 'application/json' },
        'POST',
        faultStub,
      );
      expect([origin, write.status]).toEqual([origin, 403]);
    }
    expect((await admin(server, '/stubs')).body).toEqual({ stubs: [] });
    // A frontend's dev server on this machine keeps working.
    const local = await adminCall(server.adminUrl, '/requests', {
      origin: 'http://localhost:5173',
    });
    expect(local.status).toBe(200);
    expect(local.headers['access-control-allow-origin']).toBe('http://localhost:5173');
  });

  it('leaves mock requests of any Host and Origin alone (CORS is for browser apps)', async () => {
    server = await startTestServer();
    const answer = await adminCall(
      server.url,
      '/plants',
      {
        host: 'api.attacker.example',
        origin: 'https://app.attacker.example',
        authorization: 'Bearer t',
        'content-type': 'application/json',
      },
      'POST',
      JSON.stringify({ id: 1, name: 'Fern' }),
    );
    expect(answer.status).toBe(200);
  });
});

describe('the admin port', () => {
  it('answers an unknown path with a JSON 404, not an HTML page', async () => {
    server = await startTestServer({ adminPort: 0 });
    const base = server.adminUrl.replace(/\/__admin$/, '');
    for (const path of ['/', '/plants', '/nothing/here', '/__admin/nothing']) {
      const answer = await send(`${base}${path}`);
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.headers.get('content-type')).toContain('application/json');
      expect(answer.body).toMatchObject({
        error: 404,
        message: expect.stringContaining('Make sure') as string,
      });
    }
  });
});
