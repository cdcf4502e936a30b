import type { RunningMockServer } from 'plant-store-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlant, send, startTestServer } from '../support/mock-fetch.ts';

const origin = 'http://app.example:3000';
const preflight = {
  origin,
  'access-control-request-method': 'POST',
  'access-control-request-headers': 'authorization, content-type, prefer',
};

function headerList(value: string | null): string[] {
  return (value ?? '').split(',').map((item) => item.trim().toLowerCase());
}

describe('with CORS on (the default)', () => {
  let server: RunningMockServer;
  let nextId = 1;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers a preflight for POST /plants with 204, echoing the origin', async () => {
    const answer = await send(`${server.url}/plants`, { method: 'OPTIONS', headers: preflight });
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
    expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
    expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
    expect(headerList(answer.headers.get('vary'))).toContain('origin');
  });

  it('allows POST and the authorization, content-type and prefer headers in a preflight', async () => {
    const answer = await send(`${server.url}/plants`, { method: 'OPTIONS', headers: preflight });
    expect(headerList(answer.headers.get('access-control-allow-methods'))).toContain('post');
    expect(headerList(answer.headers.get('access-control-allow-headers'))).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'prefer']),
    );
  });

  it('echoes the origin on a create and exposes WWW-Authenticate', async () => {
    const answer = await createPlant(server, { id: nextId++, name: 'Fern' }, { origin });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
    expect(headerList(answer.headers.get('access-control-expose-headers'))).toContain(
      'www-authenticate',
    );
  });

  it('sends the same CORS headers without an Origin, only no origin to echo', async () => {
    const corsHeaders = (headers: Headers) =>
      [...headers].filter(([name]) => name.startsWith('access-control-') || name === 'vary');
    const withOrigin = await createPlant(server, { id: nextId++, name: 'Fern' }, { origin });
    const withoutOrigin = await createPlant(server, { id: nextId++, name: 'Fern' });
    expect(withoutOrigin.headers.get('access-control-allow-origin')).toBeNull();
    expect(corsHeaders(withoutOrigin.headers)).toEqual(
      corsHeaders(withOrigin.headers).filter(([name]) => name !== 'access-control-allow-origin'),
    );
    expect(corsHeaders(withoutOrigin.headers)).not.toEqual([]);
  });

  it('echoes the origin on a 401 too, so a browser can read the challenge', async () => {
    const answer = await send(`${server.url}/plants`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ id: nextId++, name: 'Fern' }),
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
  });
});

describe('with cors: false', () => {
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startTestServer({ cors: false });
  });
  afterAll(() => server.close());

  it('sends no CORS headers on a create', async () => {
    const answer = await createPlant(server, { id: 1, name: 'Fern' }, { origin });
    expect(answer.status).toBe(200);
    const corsHeaders = [...answer.headers.keys()].filter((name) =>
      name.startsWith('access-control-'),
    );
    expect(corsHeaders).toEqual([]);
  });

  it('answers OPTIONS /plants with 405 and Allow: POST, as the contract has no OPTIONS', async () => {
    const answer = await send(`${server.url}/plants`, { method: 'OPTIONS', headers: preflight });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.body).toMatchObject({ error: 405 });
  });
});
