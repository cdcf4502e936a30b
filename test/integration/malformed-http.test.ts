import { once } from 'node:events';
import { connect } from 'node:net';
import type { RunningMockServer } from 'plant-store-mock';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { send, startTestServer } from '../support/mock-fetch.ts';

let server: RunningMockServer;
beforeAll(async () => {
  server = await startTestServer({ adminPort: 0 });
});
afterAll(() => server.close());

/** Writes `text` on a fresh connection and reads everything until the server closes it. */
async function raw(port: number, text: string): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  let received = '';
  socket.setEncoding('latin1').on('data', (chunk: string) => (received += chunk));
  const closed = once(socket, 'close');
  socket.write(text);
  const guard = setTimeout(() => socket.destroy(), 5_000);
  await closed;
  clearTimeout(guard);
  return received;
}

function parseAnswer(text: string): { status: number; headers: string; body: unknown } {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1] ?? 0);
  return { status, headers: head.toLowerCase(), body: body === '' ? undefined : JSON.parse(body) };
}

const cases: [string, string, number][] = [
  ['an unknown method token', 'G@T /plants HTTP/1.1\r\nHost: x\r\n\r\n', 400],
  ['a header name with a space', 'GET /plants HTTP/1.1\r\nHost: x\r\nBad Name: y\r\n\r\n', 400],
  ['a NUL in a header value', 'GET /plants HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n', 400],
  [
    'Content-Length beside Transfer-Encoding',
    'POST /plants HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    400,
  ],
  [
    'a chunk size that is not hex',
    'POST /__admin/stubs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
    400,
  ],
  ['an HTTP version that does not exist', 'GET /plants HTTP/7.5\r\nHost: x\r\n\r\n', 400],
  ['an HTTP/1.1 request without Host', 'GET /__admin/health HTTP/1.1\r\n\r\n', 400],
  [
    'headers over 16 KiB',
    `GET /plants HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    431,
  ],
];

it.each(cases)(
  'answers %s with an Error-shaped JSON body, on the mock and the admin port',
  async (_what, text, status) => {
    const adminPort = Number(new URL(server.adminUrl).port);
    for (const port of [server.port, adminPort]) {
      const answer = parseAnswer(await raw(port, text));
      expect([port, answer.status]).toEqual([port, status]);
      expect(answer.headers).toContain('content-type: application/json');
      expect(answer.body).toMatchObject({
        error: status,
        message: expect.stringMatching(/Make sure/) as string,
      });
    }
    // And the server goes on serving.
    expect((await send(`${server.url}/__admin/health`)).status).toBe(200);
  },
);
