import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningMockServer } from 'plant-store-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendAnswer } from '../../src/http/send-answer.ts';
import { openExchange } from '../../src/http/open-exchange.ts';
import { admin } from '../support/admin-fetch.ts';
import { startTestServer } from '../support/mock-fetch.ts';

// Headers Node adds to every answer for the connection; the journal records the answer's own.
const transportHeaders = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

interface WireAnswer {
  status: number;
  /** [name, value] in the order they went out, names lower-case. */
  headers: [string, string][];
}

/** One request through node:http, to see the headers exactly as they went out. */
function exchange(
  url: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const target = new URL(options.path, url);
    const req = request(target, { method: options.method ?? 'POST', headers: options.headers });
    req.on('error', reject);
    req.on('response', (res: IncomingMessage) => {
      res.resume();
      res.on('end', () => {
        const headers: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = (res.rawHeaders[i] as string).toLowerCase();
          if (!transportHeaders.has(name)) headers.push([name, res.rawHeaders[i + 1] as string]);
        }
        resolve({ status: res.statusCode ?? 0, headers });
      });
    });
    req.end(options.body);
  });
}

const auth = { authorization: 'Bearer t', 'content-type': 'application/json' };
const valid = JSON.stringify({ id: 1, name: 'Monstera', tag: 'tropical' });

async function journaled(server: RunningMockServer, session: string) {
  const answer = await admin(server, '/requests', { session });
  const entries = (answer.body as { requests: { response: { status: number; headers: object } }[] })
    .requests;
  expect(entries).toHaveLength(1);
  return entries[0]?.response;
}

describe.each([
  ['with CORS on', true],
  ['with CORS off', false],
])('the journal records the headers that went out (%s)', (_, cors) => {
  let server: RunningMockServer;
  let session = 0;
  beforeAll(async () => {
    server = await startTestServer({ cors });
    await admin(server, '/stubs', {
      session: 'stubbed',
      body: {
        pattern: { method: 'POST', path: '/plants' },
        response: {
          status: 200,
          headers: { 'X-Trace': 'abc', Vary: 'Accept', 'Content-Type': 'text/plain' },
          body: { name: 'Stubbed' },
        },
      },
    });
  });
  afterAll(() => server.close());

  it.each([
    ['a valid create', { path: '/plants', headers: auth, body: valid }],
    ['an invalid create', { path: '/plants', headers: auth, body: '{"id":"x"}' }],
    ['a create without credentials', { path: '/plants', headers: {}, body: valid }],
    ['a method the path does not take', { method: 'GET', path: '/plants', headers: auth }],
    ['a path the contract does not have', { path: '/nope', headers: auth, body: valid }],
    [
      'a browser request',
      { path: '/plants', headers: { ...auth, origin: 'http://app.test' }, body: valid },
    ],
    [
      'a malformed fault',
      { path: '/plants', headers: { ...auth, prefer: 'fault=malformed' }, body: valid },
    ],
    ['a body too large', { path: '/plants', headers: auth, body: 'x'.repeat(2_000_000) }],
  ])('%s', async (_what, options) => {
    const name = `s${++session}`;
    const wire = await exchange(server.url, {
      ...options,
      headers: { ...options.headers, 'x-mock-session': name },
    });
    const recorded = await journaled(server, name);
    expect(recorded?.status).toBe(wire.status);
    expect(Object.entries(recorded?.headers ?? {})).toEqual(wire.headers);
    expect(wire.headers).toContainEqual(['x-content-type-options', 'nosniff']);
  });

  it("a stub's own headers, which win over the mock's and never relabel the body", async () => {
    const wire = await exchange(server.url, {
      path: '/plants',
      headers: { ...auth, 'x-mock-session': 'stubbed' },
      body: valid,
    });
    const recorded = await journaled(server, 'stubbed');
    expect(Object.entries(recorded?.headers ?? {})).toEqual(wire.headers);
    const names = wire.headers.map(([name]) => name);
    expect(new Set(names).size).toBe(names.length);
    expect(wire.headers).toContainEqual(['x-trace', 'abc']);
    expect(wire.headers).toContainEqual(['vary', 'Accept']);
    expect(wire.headers).toContainEqual(['content-type', 'application/json; charset=utf-8']);
  });
});

describe('answers without a body', () => {
  it.each([204, 304])(
    '%i goes out without the body or its labels, as journaled',
    async (status) => {
      let journal = '';
      const server = createServer((req, res) => {
        res.setHeader('x-content-type-options', 'nosniff');
        const answer = openExchange(req, res, performance.now());
        sendAnswer(answer, status, { 'X-Trace': 'abc', 'Content-Length': '99' }, { name: 'x' });
        journal = answer.sent?.headersJson ?? '';
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const wire = await exchange(`http://127.0.0.1:${port}`, { path: '/' });
        expect(wire).toEqual({
          status,
          headers: [
            ['x-content-type-options', 'nosniff'],
            ['x-trace', 'abc'],
          ],
        });
        expect(Object.entries(JSON.parse(journal) as object)).toEqual(wire.headers);
      } finally {
        server.close();
      }
    },
  );
});
