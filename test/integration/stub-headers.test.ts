import type { RunningMockServer } from 'plant-store-mock';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { admin } from '../support/admin-fetch.ts';
import { createPlant, startTestServer } from '../support/mock-fetch.ts';

let server: RunningMockServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const cases: [string, Record<string, string>, RegExp][] = [
  ['a CRLF in a value', { 'x-a': 'ok\r\nset-cookie: evil=1' }, /"x-a".*line break/],
  ['a bare LF in a value', { 'x-a': 'ok\nx' }, /"x-a".*line break/],
  ['a NUL in a value', { 'x-a': 'a\u0000b' }, /"x-a".*control character/],
  ['a non-Latin-1 value', { 'x-a': 'plante 🌱' }, /"x-a".*ASCII/],
  ['a Latin-1 value', { 'x-a': 'café' }, /"x-a".*ASCII/],
  ['a name with a space', { 'x a': 'b' }, /"x a".*not a valid header name/],
  ['a name with a colon', { 'x:a': 'b' }, /"x:a".*not a valid header name/],
  ['an empty name', { '': 'b' }, /"".*not a valid header name/],
  ['transfer-encoding', { 'Transfer-Encoding': 'chunked' }, /"Transfer-Encoding".*framing/],
  ['content-length', { 'content-length': '5' }, /"content-length".*framing/],
  ['connection', { connection: 'close' }, /"connection".*framing/],
  ['content-encoding', { 'content-encoding': 'gzip' }, /"content-encoding".*framing/],
  ['upgrade', { upgrade: 'websocket' }, /"upgrade".*framing/],
  ['headers over 8 KiB', { 'x-big': 'a'.repeat(9_000) }, /over the 8192/],
];

it.each(cases)(
  'refuses a stub response header with %s at registration, naming it, and serves on',
  async (_what, headers, message) => {
    const answer = await admin(server, '/stubs', {
      body: {
        pattern: { path: '/plants' },
        response: { status: 200, body: { name: 'Fern' }, headers },
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 400 });
    expect((answer.body as { message: string }).message).toMatch(message);
    expect((await admin(server, '/stubs')).body).toEqual({ stubs: [] });
    const plant = await createPlant(server, { id: 1, name: 'Fern' });
    expect(plant.status).toBe(200);
    await admin(server, '/reset', { method: 'POST' });
  },
);

it('still takes ordinary response headers, tab and punctuation included', async () => {
  const headers = {
    'X-Trace-Id': 'abc-123',
    'cache-control': 'no-store',
    'x-note': 'a\tb "c"; d=e',
  };
  const registered = await admin(server, '/stubs', {
    body: {
      pattern: { path: '/plants' },
      response: { status: 200, body: { name: 'Fern' }, headers },
    },
  });
  expect(registered.status).toBe(201);
  const answer = await createPlant(server, { id: 2, name: 'Fern' });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('x-trace-id')).toBe('abc-123');
  expect(answer.headers.get('x-note')).toBe('a\tb "c"; d=e');
  await admin(server, '/reset', { method: 'POST' });
});
