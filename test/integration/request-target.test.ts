import { expect, it } from 'vitest';
import { splitTarget } from '../../src/http/open-exchange.ts';
import { startTestServer } from '../support/mock-fetch.ts';
import { sendRaw } from '../support/raw-http.ts';

it.each([
  ['/plants', { path: '/plants', search: '' }],
  ['/plants?__code=400&x=1', { path: '/plants', search: '__code=400&x=1' }],
  ['/plants?x=1#top', { path: '/plants', search: 'x=1' }],
  ['http://127.0.0.1:4010/plants?x=1', { path: '/plants', search: 'x=1' }],
  ['*', { path: '*', search: '' }],
])('reads the path and query of the request target %s', (target, expected) => {
  expect(splitTarget(target)).toEqual(expected);
});

it('answers a request whose target is in absolute form as it answers the origin form', async () => {
  const server = await startTestServer();
  try {
    const body = JSON.stringify({ id: 1, name: 'Fern' });
    const head = [
      `POST http://127.0.0.1:${server.port}/plants HTTP/1.1`,
      `Host: 127.0.0.1:${server.port}`,
      'Authorization: Bearer x',
      'Content-Type: application/json',
    ].join('\r\n');
    expect(await sendRaw(server.port, head, body)).toBe(200);
  } finally {
    await server.close();
  }
});
