import { once } from 'node:events';
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { corsAnswerHeaders, corsPolicy, exposedHeaders } from '../../../src/http/cors-policy.ts';

// The cors package on a bare server, as the lane ran it for every request: the reference.
const applyCors = corsPolicy(exposedHeaders(true));
const server = createServer((req, res) => {
  res.setHeader('x-content-type-options', 'nosniff');
  applyCors(req, res, () => res.end());
});
let port: number;
beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((done) => server.close(done)));

function corsPackageHeaders(headers: Record<string, string>): Promise<string[]> {
  return new Promise((resolve, reject) => {
    request({ port, host: '127.0.0.1', method: 'POST', path: '/plants', headers })
      .on('response', (res: IncomingMessage) => {
        res.resume();
        const raw = res.rawHeaders;
        const own = raw.findIndex((name) => name === 'x-content-type-options');
        const end = raw.findIndex((name) => name === 'Date');
        resolve(raw.slice(own, end));
      })
      .on('error', reject)
      .end();
  });
}

it.each([
  ['with an Origin', { origin: 'https://app.example' }, 'https://app.example'],
  ['without one', {}, undefined],
])(
  'gives an answer %s the headers the cors package sets, in its order and spelling',
  async (_, headers, origin) => {
    const list = corsAnswerHeaders(exposedHeaders(true))(origin);
    expect(list).toEqual(await corsPackageHeaders(headers));
  },
);
