// Stateful mode on contracts other than the Plant Store: their resources read back what was
// written, and every answer is judged against the contract by ajv (not by the mock's own checks).
import type { RunningMockServer } from 'plant-store-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { contractClient } from '../support/contract-client.ts';
import { startTestServer } from '../support/mock-fetch.ts';

const specs = {
  todos: 'fixtures/specs/resources/todos-openapi30.yaml',
  orders: 'fixtures/specs/resources/orders-openapi31.yaml',
  pets: 'fixtures/specs/resources/pets-swagger2.yaml',
};

let server: RunningMockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A client of one mock and session that checks each answer against the contract. */
async function clientOf(spec: string, session = 'tester') {
  server ??= await startTestServer({ spec });
  return contractClient(server, spec, session);
}

describe('a to-do contract of integer ids and an array list (OpenAPI 3.0)', () => {
  it('assigns distinct ids, reads back, merges, lists, filters, pages and deletes', async () => {
    const call = await clientOf(specs.todos);
    const first = await call('POST', '/todos', { title: 'Water the fern', secret: 'x' });
    const second = await call('POST', '/todos', { title: 'Repot the cactus' });
    expect(first).toMatchObject({
      status: 201,
      body: { id: 1, title: 'Water the fern', done: false, status: 'open' },
    });
    expect(second.body).toMatchObject({ id: 2 });
    expect(first.body).not.toHaveProperty('secret');
    expect((await call('GET', '/todos/1')).body).toEqual(first.body);
    expect((await call('GET', '/todos/42')).status).toBe(404);

    const patched = await call('PATCH', '/todos/2', { done: true }, 'application/merge-patch+json');
    expect(patched.body).toEqual({ id: 2, title: 'Repot the cactus', done: true, status: 'open' });
    expect((await call('GET', '/todos?done=true')).body).toEqual([patched.body]);
    expect((await call('GET', '/todos?limit=1&offset=1')).body).toEqual([patched.body]);
    const replaced = await call('PUT', '/todos/1', { title: 'Water every fern' });
    expect(replaced.body).toEqual({
      id: 1,
      title: 'Water every fern',
      done: false,
      status: 'open',
    });

    expect((await call('DELETE', '/todos/1')).status).toBe(204);
    expect((await call('GET', '/todos/1')).status).toBe(404);
    expect((await call('DELETE', '/todos/1')).status).toBe(404);
    expect((await call('GET', '/todos')).body).toEqual([patched.body]);
    // An action is no resource: answered as in static mode, from the contract's example.
    expect((await call('POST', '/todos/2/complete')).body).toMatchObject({ id: 7 });
  });

  it('keeps each session to its own items', async () => {
    const alice = await clientOf(specs.todos, 'alice');
    const bob = await clientOf(specs.todos, 'bob');
    await alice('POST', '/todos', { title: 'Only Alice' });
    expect((await bob('GET', '/todos/1')).status).toBe(404);
    expect((await bob('GET', '/todos')).body).toEqual([]);
    expect((await bob('POST', '/todos', { title: 'Bob' })).body).toMatchObject({ id: 1 });
  });
});

describe('orders nested under customers, uuid ids and an envelope (OpenAPI 3.1)', () => {
  it("scopes orders to their customer, fills the customer's id, and pages the envelope", async () => {
    const call = await clientOf(specs.orders);
    await call('POST', '/customers', { customerId: 'c1', name: 'Ada' });
    expect((await call('GET', '/customers/c1')).body).toEqual({ customerId: 'c1', name: 'Ada' });
    const one = await call('POST', '/customers/c1/orders', { sku: 'fern', quantity: 1 });
    const two = await call('POST', '/customers/c1/orders', { sku: 'moss', quantity: 3 });
    const ids = [one, two].map((r) => (r.body as { orderId: string }).orderId);
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
    expect(one.body).toMatchObject({ customerId: 'c1', status: 'pending' });

    expect((await call('GET', `/customers/c1/orders/${ids[0]}`)).body).toEqual(one.body);
    expect((await call('GET', `/customers/c2/orders/${ids[0]}`)).status).toBe(404);
    expect((await call('GET', '/customers/c2/orders')).body).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 20,
    });
    expect((await call('GET', '/customers/c1/orders?pageSize=1&page=2')).body).toEqual({
      items: [two.body],
      total: 2,
      page: 2,
      pageSize: 1,
    });
    const patched = await call(
      'PATCH',
      `/customers/c1/orders/${ids[1]}`,
      { quantity: 4, note: 'gift' },
      'application/merge-patch+json',
    );
    expect(patched.body).toEqual({ ...(two.body as object), quantity: 4, note: 'gift' });
    const cleared = await call(
      'PATCH',
      `/customers/c1/orders/${ids[1]}`,
      { note: null },
      'application/merge-patch+json',
    );
    expect(cleared.body).not.toHaveProperty('note');
    expect((await call('DELETE', `/customers/c1/orders/${ids[0]}`)).status).toBe(204);
    expect((await call('GET', `/customers/c1/orders/${ids[0]}`)).status).toBe(404);
    expect((await call('GET', '/customers/c1/orders')).body).toMatchObject({ total: 1 });
  });
});

describe('pets of string ids (Swagger 2.0, a basePath)', () => {
  it('assigns short unique ids, answers a taken id with the declared 409, and leaves searches static', async () => {
    const call = await clientOf(specs.pets);
    const rex = await call('POST', '/v2/pets', { name: 'Rex', tag: 'dog' });
    const tom = await call('POST', '/v2/pets', { name: 'Tom', tag: 'cat' });
    expect(rex.body).toMatchObject({ name: 'Rex', status: 'available' });
    expect((rex.body as { id: string }).id).not.toBe((tom.body as { id: string }).id);
    await call('POST', '/v2/pets', { id: 'felix', name: 'Felix', tag: 'cat' });
    expect((await call('POST', '/v2/pets', { id: 'felix', name: 'Felix' })).status).toBe(409);
    expect((await call('GET', '/v2/pets?tag=cat')).body).toEqual([
      tom.body,
      expect.objectContaining({ id: 'felix' }),
    ]);
    expect((await call('GET', '/v2/pets?limit=1')).body).toEqual([rex.body]);
    expect((await call('DELETE', '/v2/pets/felix')).body).toMatchObject({ id: 'felix' });
    expect((await call('GET', '/v2/pets/felix')).status).toBe(404);
    const found = await call('GET', '/v2/pets/findByStatus?status=sold');
    expect(found.body).not.toContainEqual(rex.body);
  });
});
