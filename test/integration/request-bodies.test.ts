import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import type { RunningMockServer } from 'plant-store-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../support/admin-fetch.ts';
import { schemaErrors } from '../support/contract-schemas.ts';
import { auth, json, send, startTestServer } from '../support/mock-fetch.ts';

// Bodies that do not come as plain bytes with a Content-Length: compressed, chunked, or both.
let server: RunningMockServer;
let nextId = 1;
const limit = 64 * 1024;
beforeAll(async () => {
  server = await startTestServer({ maxBody: `${limit}` });
});
afterAll(() => server.close());

function post(body: NonNullable<RequestInit['body']>, headers: Record<string, string> = {}) {
  // A stream body goes out chunked; fetch wants `duplex` said for it.
  const init: RequestInit & { duplex: 'half' } = {
    method: 'POST',
    headers: { ...auth, ...json, ...headers },
    body,
    duplex: 'half',
  };
  return send(`${server.url}/plants`, init);
}

/** A body sent in chunks, without a Content-Length. */
function chunked(...parts: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const part of parts)
        controller.enqueue(typeof part === 'string' ? new TextEncoder().encode(part) : part);
      controller.close();
    },
  });
}

interface Entry {
  request: { body: unknown };
  source: string;
}

/** The newest journal entry (the admin API lists newest first). */
async function lastEntry(): Promise<Entry> {
  const { body } = await admin(server, '/requests?limit=1');
  return (body as { requests: Entry[] }).requests[0] as Entry;
}

describe('compressed bodies', () => {
  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ])(
    'reads a %s body as the JSON it inflates to, and journals it inflated',
    async (encoding, compress) => {
      const plant = { id: nextId++, name: `Fern ${encoding}` };
      const answer = await post(new Uint8Array(compress(JSON.stringify(plant))), {
        'content-encoding': encoding,
      });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toEqual({ name: plant.name });
      expect((await lastEntry()).request.body).toEqual(plant);
    },
  );

  it('refuses a body that inflates past --max-body with a 413, however small it was sent', async () => {
    const bomb = gzipSync(JSON.stringify({ id: nextId++, name: 'x'.repeat(limit * 4) }));
    expect(bomb.length).toBeLessThan(limit);
    const answer = await post(new Uint8Array(bomb), { 'content-encoding': 'gzip' });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ error: 413 });
    expect((await lastEntry()).source).toBe('error:PAYLOAD_TOO_LARGE');
  });

  it('answers an encoding it cannot inflate with 415, naming the ones it can', async () => {
    const answer = await post(JSON.stringify({ id: nextId++, name: 'Fern' }), {
      'content-encoding': 'compress',
    });
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject({ error: 415 });
    expect((answer.body as { message: string }).message).toMatch(/gzip, deflate or br/);
  });
});

describe('chunked bodies', () => {
  it('reads a body sent in chunks without a Content-Length', async () => {
    const plant = { id: nextId++, name: 'Chunked fern' };
    const text = JSON.stringify(plant);
    const answer = await post(chunked(text.slice(0, 5), text.slice(5)));
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ name: plant.name });
    expect((await lastEntry()).request.body).toEqual(plant);
  });

  it('refuses chunks that add up past --max-body with a 413', async () => {
    const part = 'x'.repeat(16 * 1024);
    const answer = await post(
      chunked(`{"id":${nextId++},"name":"`, part, part, part, part, part, '"}'),
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ error: 413 });
  });

  it('reads a gzip body sent in chunks', async () => {
    const plant = { id: nextId++, name: 'Chunked gzip fern' };
    const packed = new Uint8Array(gzipSync(JSON.stringify(plant)));
    const answer = await post(chunked(packed.subarray(0, 10), packed.subarray(10)), {
      'content-encoding': 'gzip',
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ name: plant.name });
  });
});

it('reads a plain body exactly at --max-body, and refuses one byte more', async () => {
  const fill = (size: number) => {
    const head = `{"id":${nextId++},"name":"`;
    return `${head}${'x'.repeat(size - head.length - 2)}"}`;
  };
  const atLimit = await post(fill(limit));
  expect(atLimit.status, atLimit.text).toBe(200);
  const over = await post(fill(limit + 1));
  expect(over.status).toBe(413);
});

describe('charsets', () => {
  it.each([
    ['iso-8859-1', (text: string) => Buffer.from(text, 'latin1')],
    ['utf-16', (text: string) => Buffer.from(`\ufeff${text}`, 'utf16le')],
    ['Windows-1252', (text: string) => Buffer.from(text, 'latin1')],
  ])(
    'answers a JSON body declared as charset=%s with a 415 Error naming utf-8',
    async (charset, encode) => {
      const plant = { id: nextId++, name: 'Fougère' };
      const answer = await post(new Uint8Array(encode(JSON.stringify(plant))), {
        'content-type': `application/json; charset=${charset}`,
      });
      expect(answer.status, answer.text).toBe(415);
      expect(schemaErrors('Error', answer.body)).toEqual([]);
      expect(answer.body).toMatchObject({ error: 415 });
      const { message } = answer.body as { message: string };
      expect(message).toContain(charset.toLowerCase());
      expect(message).toMatch(/utf-8/);
      expect((await lastEntry()).source).toBe('error:UNSUPPORTED_ENCODING');
    },
  );

  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'application/json;charset=UTF-8',
    'application/json; charset="utf-8"',
    'application/json; charset=utf8',
  ])('reads a body sent as %s', async (contentType) => {
    const plant = { id: nextId++, name: 'Fougère' };
    const answer = await post(JSON.stringify(plant), { 'content-type': contentType });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ name: plant.name });
  });

  it('refuses a charset on a gzip body as well, once inflated', async () => {
    const packed = gzipSync(Buffer.from(JSON.stringify({ id: nextId++, name: 'Fern' }), 'latin1'));
    const answer = await post(new Uint8Array(packed), {
      'content-encoding': 'gzip',
      'content-type': 'application/json; charset=iso-8859-1',
    });
    expect(answer.status, answer.text).toBe(415);
  });
});
