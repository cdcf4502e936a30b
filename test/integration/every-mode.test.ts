import type { RunningMockServer } from 'plant-store-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaErrors } from '../support/contract-schemas.ts';
import { auth, createPlant, json, send, startTestServer } from '../support/mock-fetch.ts';

// The rules every mode keeps: the same suite runs against static, dynamic and stateful servers.
describe.each(['stateful', 'static', 'dynamic'] as const)('in %s mode', (mode) => {
  let server: RunningMockServer;
  let nextId = 1000;
  beforeAll(async () => {
    server = await startTestServer({ mode, maxBody: '64kb' });
  });
  afterAll(() => server.close());

  it('answers a valid create with 200 and a body that is a Plant', async () => {
    const answer = await createPlant(server, { id: nextId++, name: 'Monstera', tag: 'tropical' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(schemaErrors('Plant', answer.body)).toEqual([]);
  });

  const invalidBodies: [string, string, RegExp[]][] = [
    ['a missing name', JSON.stringify({ id: 1 }), [/body: must have required property 'name'/]],
    ['a missing id', JSON.stringify({ name: 'Fern' }), [/body: must have required property 'id'/]],
    [
      'a string id and a numeric name',
      JSON.stringify({ id: 'x', name: 5 }),
      [/body\/id: must be integer/, /body\/name: must be string/],
    ],
    ['a fractional id', JSON.stringify({ id: 1.5, name: 'Fern' }), [/body\/id: must be integer/]],
    [
      'a tag that is not a string',
      JSON.stringify({ id: 1, name: 'Fern', tag: 7 }),
      [/body\/tag: must be string/],
    ],
    ['an array body', '[{"id":1,"name":"Fern"}]', [/body: must be object/]],
    ['a JSON string body', '"Fern"', [/body: must be object/]],
    ['a null body', 'null', [/body: must be object/]],
    ['malformed JSON', '{"id": 1, "name": ', [/body: must be valid JSON/]],
    [
      'an id past the int64 range',
      '{"id": 9223372036854775808, "name": "Fern"}',
      [/body\/id: must be within the int64 range, got 9223372036854775808/],
    ],
    [
      'an id below the int64 range',
      '{"id": -9223372036854775809, "name": "Fern"}',
      [/body\/id: must be within the int64 range/],
    ],
  ];
  it.each(invalidBodies)(
    'answers %s with 400 and an Error naming each violation',
    async (_, body, patterns) => {
      const answer = await createPlant(server, body);
      expect(answer.status).toBe(400);
      expect(schemaErrors('Error', answer.body)).toEqual([]);
      const { error, message } = answer.body as { error: number; message: string };
      expect(error).toBe(400);
      for (const pattern of patterns) expect(message).toMatch(pattern);
      expect(answer.text).not.toContain('-2147483648');
    },
  );

  it('accepts the largest int64 id', async () => {
    const answer = await createPlant(
      server,
      `{"id": 9223372036854775807, "name": "Fern ${nextId++}"}`,
    );
    expect(answer.status).toBe(200);
  });

  it('answers a body that is not UTF-8 with 400', async () => {
    const raw = Buffer.concat([
      Buffer.from('{"id": 1, "name": "'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"}'),
    ]);
    const answer = await send(`${server.url}/plants`, {
      method: 'POST',
      headers: { ...auth, ...json },
      body: raw,
    });
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toMatch(
      /body: must be UTF-8 encoded JSON/,
    );
  });

  it('answers an empty body with 400 saying the body is required', async () => {
    const answer = await send(`${server.url}/plants`, {
      method: 'POST',
      headers: { ...auth, ...json },
    });
    expect(answer.status).toBe(400);
    expect(schemaErrors('Error', answer.body)).toEqual([]);
    expect((answer.body as { message: string }).message).toMatch(/body: is required/);
  });

  it('answers a non-JSON content type with 400 naming the content type', async () => {
    const answer = await createPlant(server, 'id=1&name=Fern', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: 400,
      message:
        'Request does not match the contract: header/content-type: must be application/json, got application/x-www-form-urlencoded',
    });
  });

  it.each([
    ['no Authorization header', {}],
    ['an empty Authorization header', { authorization: '' }],
    ['a Basic Authorization header', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['a Bearer scheme with no token', { authorization: 'Bearer ' }],
  ])('answers %s with 401, WWW-Authenticate: Bearer and an Error body', async (_, headers) => {
    const answer = await send(`${server.url}/plants`, {
      method: 'POST',
      headers: { ...json, ...headers },
      body: JSON.stringify({ id: nextId++, name: 'Fern' }),
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
    expect(schemaErrors('Error', answer.body)).toEqual([]);
    expect((answer.body as { error: number }).error).toBe(401);
  });

  it('answers an unknown path with 404 and an Error body', async () => {
    const answer = await send(`${server.url}/trees`, { method: 'POST', headers: auth });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({
      error: 404,
      message: expect.stringContaining('/trees') as string,
    });
  });

  it('answers another method on a known path with 405 and Allow', async () => {
    const answer = await send(`${server.url}/plants`, { headers: auth });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
    expect(answer.body).toMatchObject({ error: 405 });
    expect(schemaErrors('Error', answer.body)).toEqual([]);
  });

  it('answers a body over --max-body with 413 and an Error body', async () => {
    const answer = await createPlant(server, { id: nextId++, name: 'x'.repeat(70 * 1024) });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({
      error: 413,
      message: expect.stringContaining('65536 bytes') as string,
    });
  });

  it('forces a 400 with Prefer: code=400 and says why in the Error body', async () => {
    const answer = await createPlant(
      server,
      { id: nextId++, name: 'Fern' },
      { prefer: 'code=400' },
    );
    expect(answer.status).toBe(400);
    expect(schemaErrors('Error', answer.body)).toEqual([]);
    expect((answer.body as { message: string }).message).toMatch(/Forced 400 response/);
  });

  it('forces a 400 with the __code query parameter', async () => {
    const answer = await createPlant(server, { id: nextId++, name: 'Fern' }, {}, '?__code=400');
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toMatch(/Forced 400 response/);
  });

  it('answers with a named example for Prefer: example=NAME', async () => {
    const answer = await createPlant(
      server,
      { id: nextId++, name: 'x' },
      { prefer: 'example=fern' },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ name: 'Boston fern' });
  });

  it('answers with the named 400 example for Prefer: code=400, example=missingName', async () => {
    const answer = await createPlant(
      server,
      { id: nextId++, name: 'x' },
      { prefer: 'code=400, example=missingName' },
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: 400,
      message: "body: must have required property 'name'",
    });
  });

  it.each([
    ['code=abc', /code must be an HTTP status/],
    ['code=500', /code=500 is not declared for createPlant \(declared: 200, 400\)/],
    ['dynamic=maybe', /dynamic must be true or false, got "maybe"/],
    ['example=nope', /no example "nope" for status 200 \(available: monstera, fern\)/],
    ['cdoe=400', /unknown preference "cdoe"/],
    ['seed=', /seed must be a non-empty value/],
  ])(
    'refuses a malformed Prefer %s with a 400 that says what is wrong',
    async (prefer, pattern) => {
      const answer = await createPlant(server, { id: nextId++, name: 'Fern' }, { prefer });
      expect(answer.status).toBe(400);
      expect(schemaErrors('Error', answer.body)).toEqual([]);
      expect((answer.body as { message: string }).message).toMatch(pattern);
    },
  );

  it('ignores standard RFC 7240 preferences such as return=representation', async () => {
    const answer = await createPlant(
      server,
      { id: nextId++, name: 'Fern' },
      { prefer: 'return=representation' },
    );
    expect(answer.status).toBe(200);
  });

  it('fakes a Plant for Prefer: dynamic=true', async () => {
    const answer = await createPlant(
      server,
      { id: nextId++, name: 'Fern' },
      { prefer: 'dynamic=true, seed=1' },
    );
    expect(answer.status).toBe(200);
    expect(schemaErrors('Plant', answer.body)).toEqual([]);
  });

  it('reports its contract and mode on GET /__admin/health', async () => {
    const answer = await send(`${server.url}/__admin/health`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'ok',
      spec: { title: 'Plant Store', version: '1.0.0' },
      mode,
    });
  });

  it('sends X-Content-Type-Options: nosniff', async () => {
    const answer = await createPlant(server, { id: nextId++, name: 'Fern' });
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
