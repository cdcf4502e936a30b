// Stateful mode on real public contracts, copied unchanged into fixtures/specs/public/ (each
// folder's README names its source and licence): their resources read back what was written,
// what is no resource is answered as in static mode, and every answer the contract describes is
// judged against it by ajv (not by the mock's own checks).
import type { RunningMockServer } from 'plant-store-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { contractClient } from '../support/contract-client.ts';
import { send, startTestServer } from '../support/mock-fetch.ts';

const specs = {
  petstore: 'fixtures/specs/public/swagger-petstore/openapi.yaml',
  expanded: 'fixtures/specs/public/petstore-expanded/openapi.yaml',
  uspto: 'fixtures/specs/public/uspto/openapi.yaml',
};

let server: RunningMockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientOf(spec: string, headers: Record<string, string> = {}) {
  server ??= await startTestServer({ spec });
  return contractClient(server, spec, 'tester', headers);
}

describe('the Swagger Petstore (a public contract)', () => {
  it('reads back pets, orders and users, and forgets deleted ones', async () => {
    const call = await clientOf(specs.petstore, {
      api_key: 'key',
      authorization: 'Bearer t',
    });
    const base = '';
    const pet = await call('POST', `${base}/pet`, {
      name: 'doggie',
      photoUrls: ['a.png'],
      status: 'available',
    });
    const other = await call('POST', `${base}/pet`, { name: 'kitty', photoUrls: [] });
    expect(pet.body).toMatchObject({ id: 1, name: 'doggie' });
    expect(other.body).toMatchObject({ id: 2, name: 'kitty' });
    expect((await call('GET', `${base}/pet/1`)).body).toEqual(pet.body);
    const updated = await call('PUT', `${base}/pet`, { id: 1, name: 'doggo', photoUrls: [] });
    expect(updated.body).toMatchObject({ id: 1, name: 'doggo' });
    expect((await call('GET', `${base}/pet/1`)).body).toEqual(updated.body);
    expect((await call('DELETE', `${base}/pet/1`)).status).toBe(200);
    expect((await call('GET', `${base}/pet/1`)).status).toBe(404);

    const order = await call('POST', `${base}/store/order`, {
      petId: 2,
      quantity: 1,
      status: 'placed',
    });
    const orderId = (order.body as { id: number }).id;
    expect((await call('GET', `${base}/store/order/${orderId}`)).body).toEqual(order.body);
    await call('POST', `${base}/user`, { username: 'ada', firstName: 'Ada' });
    expect((await call('GET', `${base}/user/ada`)).body).toMatchObject({
      username: 'ada',
      firstName: 'Ada',
    });
    expect((await call('GET', `${base}/user/grace`)).status).toBe(404);
  });
});

describe("the OpenAPI Initiative's Petstore Expanded (OpenAPI 3.0, errors only as `default`)", () => {
  it('creates, reads, lists by tags, pages and deletes pets', async () => {
    const call = await clientOf(specs.expanded);
    const rex = await call('POST', '/pets', { name: 'Rex', tag: 'dog' });
    const tom = await call('POST', '/pets', { name: 'Tom', tag: 'cat' });
    const odd = await call('POST', '/pets', { name: 'Odd' });
    expect([rex.status, rex.body]).toEqual([200, { id: 1, name: 'Rex', tag: 'dog' }]);
    expect([tom.body, odd.body]).toEqual([
      { id: 2, name: 'Tom', tag: 'cat' },
      { id: 3, name: 'Odd' },
    ]);
    expect((await call('GET', '/pets/2')).body).toEqual(tom.body);
    expect((await call('GET', '/pets')).body).toEqual([rex.body, tom.body, odd.body]);
    // `tags` filters by the pets' `tag`, any of the values given.
    expect((await call('GET', '/pets?tags=cat')).body).toEqual([tom.body]);
    expect((await call('GET', '/pets?tags=cat&tags=dog')).body).toEqual([rex.body, tom.body]);
    expect((await call('GET', '/pets?limit=2')).body).toEqual([rex.body, tom.body]);
    expect((await call('DELETE', '/pets/1')).status).toBe(204);
    const gone = await call('GET', '/pets/1');
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ code: 404 });
    expect((gone.body as { message: string }).message).toContain('1');
    expect((await call('DELETE', '/pets/1')).status).toBe(404);
    expect((await call('GET', '/pets')).body).toEqual([tom.body, odd.body]);
  });

  it('answers its errors in the `default` Error shape: a malformed id is a 400 naming `id`', async () => {
    const call = await clientOf(specs.expanded);
    const malformed = await call('GET', '/pets/abc');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 400 });
    expect((malformed.body as { message: string }).message).toMatch(/\bid\b/);
    const nameless = await call('POST', '/pets', { tag: 'cat' });
    expect(nameless.status).toBe(422);
    expect((nameless.body as { message: string }).message).toContain('name');
    const png = await call('GET', '/pets', undefined, undefined, { accept: 'image/png' });
    expect([png.status, png.mediaType]).toEqual([406, 'application/json']);
  });
});

describe('the USPTO Data Set API (OpenAPI 3.0, searches and form bodies, no resource)', () => {
  it('answers its listing, fields and searches as in static mode', async () => {
    const call = await clientOf(specs.uspto);
    const sets = await call('GET', '/');
    expect(sets.body).toMatchObject({ total: 2, apis: [{ apiKey: 'oa_citations' }, {}] });
    expect((await call('GET', '/oa_citations/v1/fields')).status).toBe(200);
    const form = 'application/x-www-form-urlencoded';
    const search = (body: string) => call('POST', '/oa_citations/v1/records', body, form);
    const found = await search('criteria=*:*&start=0&rows=10');
    expect(found.status).toBe(200);
    expect(Array.isArray(found.body)).toBe(true);
    // A search stores nothing: the same search answers the same.
    expect((await search('criteria=*:*&start=0&rows=10')).body).toEqual(found.body);
  });

  it("answers a search without its required criteria with Prism's 422: the contract declares no error", async () => {
    server = await startTestServer({ spec: specs.uspto });
    const answer = await send(`${server.url}/oa_citations/v1/records`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'start=0',
    });
    expect(answer.status).toBe(422);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    expect(answer.text).toContain('criteria');
  });
});
