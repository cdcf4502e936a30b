import { fileURLToPath } from 'node:url';
import type { RunningMockServer } from 'plant-store-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlant, send, startTestServer } from '../support/mock-fetch.ts';

// Edges of routing and request reading that Prism's own test cases cover, on a contract written
// for this project.
const spec = fileURLToPath(new URL('../../fixtures/specs/potting-shed.yaml', import.meta.url));

describe('a contract with the edges Prism answers', () => {
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startTestServer({ spec, mode: 'static' });
  });
  afterAll(() => server.close());

  it('answers an OPTIONS the contract declares from the contract, not as a preflight', async () => {
    const answer = await send(`${server.url}/shelves`, { method: 'OPTIONS' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ methods: 'OPTIONS, GET' });
  });

  it('still answers a real preflight on that path, with the origin echoed', async () => {
    const origin = 'http://app.example:3000';
    const answer = await send(`${server.url}/shelves`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'GET' },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
  });

  it('echoes the origin on a declared OPTIONS sent by a browser without a preflight', async () => {
    const origin = 'http://app.example:3000';
    const answer = await send(`${server.url}/shelves`, { method: 'OPTIONS', headers: { origin } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
  });

  it('routes a percent-encoded path to the template that spells it out', async () => {
    const answer = await send(`${server.url}/seed%20packets%20%3e%2010%25`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([{ seeds: 12 }]);
  });

  it('still answers 404 for a path the contract does not spell', async () => {
    const answer = await send(`${server.url}/seed%20packets%20%3e%2011%25`);
    expect(answer.status).toBe(404);
  });

  it("answers a body sent to an operation that takes none with the contract's 415", async () => {
    const answer = await send(`${server.url}/watering`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'lots',
    });
    expect(answer.status).toBe(415);
    expect(answer.headers.get('content-type')).toBe('text/plain');
    expect(answer.text).toBe('no body allowed');
  });

  it('answers that operation without a body as usual', async () => {
    const answer = await send(`${server.url}/watering`, { method: 'POST' });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('watered');
  });

  it('answers a forced status declared without content with an empty body', async () => {
    const answer = await send(`${server.url}/watering`, {
      method: 'POST',
      headers: { prefer: 'code=501' },
    });
    expect(answer.status).toBe(501);
    expect(answer.text).toBe('');
  });

  it('sends an object example declared as XML as XML, as Prism builds it', async () => {
    const answer = await send(`${server.url}/labels`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/xml');
    expect(answer.text).toBe('<xml><name>Fern</name><count>2</count></xml>');
  });

  it('answers 500 naming the schema when a response cannot be sampled, not a control error', async () => {
    const answer = await send(`${server.url}/seed-bank`);
    expect(answer.status).toBe(500);
    expect(answer.body).toMatchObject({ status: 500, title: 'Schema too complex' });
    expect((answer.body as { detail: string }).detail).toContain('too complex');
  });

  it('challenges with every scheme an operation accepts, OAuth2 (as Bearer) or Basic', async () => {
    const answer = await send(`${server.url}/tools`);
    expect(answer.status).toBe(401);
    // The contract has no `{error, message}` shape of its own: Prism's 401 and challenges.
    expect(answer.headers.get('www-authenticate')).toBe('OAuth2,Basic realm="*"');
    const basic = await send(`${server.url}/tools`, {
      headers: { authorization: `Basic ${Buffer.from('ann:secret').toString('base64')}` },
    });
    expect(basic.status).toBe(200);
  });
});

describe('the Plant Store with Prefer: code=200', () => {
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('still answers an invalid request with 400 naming the violation', async () => {
    const answer = await createPlant(server, { id: 1 }, { prefer: 'code=200' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 400 });
    expect((answer.body as { message: string }).message).toContain("required property 'name'");
  });

  it('answers a valid request with the 200 it asks for', async () => {
    const answer = await createPlant(server, { id: 2, name: 'Fern' }, { prefer: 'code=200' });
    expect(answer.status).toBe(200);
  });
});

describe('stateful mode (the default) on a contract whose answer is not JSON', () => {
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startTestServer({ spec });
  });
  afterAll(() => server.close());

  it('answers a JSON create with the declared text, not the record echoed as JSON', async () => {
    const answer = await send(`${server.url}/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'repot the fern' }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain');
    expect(answer.text).toBe('noted');
  });
});
