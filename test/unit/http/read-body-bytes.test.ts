import { ServerResponse, type IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { createBodyReader } from '../../../src/http/read-body-bytes.ts';

const loaded = (name: string): boolean =>
  Object.keys(createRequire(import.meta.url).cache).some((path) =>
    path.includes(`/node_modules/${name}/`),
  );

function requestWith(headers: Record<string, string>, body: string[]): IncomingMessage {
  return Object.assign(Readable.from(body.map((text) => Buffer.from(text))), {
    headers,
  }) as unknown as IncomingMessage;
}

const read = (req: IncomingMessage) =>
  new Promise<{ error: unknown; body: Buffer | undefined }>((resolve) => {
    createBodyReader(1024)(req, new ServerResponse(req), (error, body) => {
      resolve({ error, body });
    });
  });

// A GET, HEAD or DELETE without a body is the common first request of a suite: reading it used
// to load Express (body-parser) on that request, 150 modules.
it('reads a request with neither Content-Length nor Transfer-Encoding as no body, without Express', async () => {
  expect(await read(requestWith({}, []))).toEqual({ error: undefined, body: undefined });
  expect(loaded('express')).toBe(false);
  expect(loaded('body-parser')).toBe(false);
});

it('reads a chunked body through body-parser, as before', async () => {
  const answer = await read(requestWith({ 'transfer-encoding': 'chunked' }, ['{"a":', '1}']));
  expect(answer.error).toBeUndefined();
  expect(answer.body?.toString()).toBe('{"a":1}');
});
