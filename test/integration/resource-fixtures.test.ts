// --fixtures seeds a contract's resources, and x-mock-resource says what inference cannot see.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningMockServer } from 'plant-store-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/mock-fetch.ts';

const todos = 'fixtures/specs/resources/todos-openapi30.yaml';
let server: RunningMockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(spec: string, fixtures?: string) {
  server = await startTestServer({ spec, ...(fixtures === undefined ? {} : { fixtures }) });
  const { url } = server;
  return async (method: string, path: string, session = 'a', body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { 'x-mock-session': session, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
    };
  };
}

describe('--fixtures for a contract of resources', () => {
  it('seeds collections by path, counts ids past them, and gives each session its own copy', async () => {
    const call = await start(todos, 'fixtures/specs/resources/todos-fixtures.json');
    expect((await call('GET', '/todos/5')).body).toMatchObject({ id: 5, title: 'Repot the fern' });
    expect((await call('POST', '/todos', 'a', { title: 'New' })).body).toMatchObject({ id: 6 });
    expect((await call('DELETE', '/todos/1')).status).toBe(204);
    expect((await call('GET', '/todos/1')).status).toBe(404);
    expect((await call('GET', '/todos/1', 'b')).body).toMatchObject({ id: 1 });
    expect((await call('GET', '/todos', 'b')).body).toHaveLength(2);
    await fetch(`${(server as RunningMockServer).adminUrl}/reset`, {
      method: 'POST',
      headers: { 'x-mock-session': 'a' },
    });
    expect((await call('GET', '/todos')).body).toHaveLength(2);
  });

  it('seeds nested collections by their path, parents filled in', async () => {
    const call = await start(
      'fixtures/specs/resources/orders-openapi31.yaml',
      'fixtures/specs/resources/orders-fixtures.json',
    );
    expect((await call('GET', '/customers/c1')).body).toEqual({ customerId: 'c1', name: 'Ada' });
    expect((await call('GET', '/customers/c1/orders')).body).toMatchObject({ total: 1 });
    expect((await call('GET', '/customers/c2/orders')).body).toMatchObject({ total: 0 });
  });

  it("takes today's array form for the contract's first create", async () => {
    const folder = await mkdtemp(join(tmpdir(), 'resource-fixtures-'));
    try {
      const file = join(folder, 'todos.json');
      await writeFile(
        file,
        JSON.stringify([{ id: 3, title: 'Seeded', done: false, status: 'open' }]),
      );
      const call = await start(todos, file);
      expect((await call('GET', '/todos/3')).body).toMatchObject({ title: 'Seeded' });
      expect((await call('POST', '/todos', 'a', { title: 'Next' })).body).toMatchObject({ id: 4 });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('refuses to start on a key that is no collection, or an item the contract would not answer', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'resource-fixtures-'));
    try {
      const unknown = join(folder, 'unknown.json');
      await writeFile(unknown, JSON.stringify({ '/todo': [] }));
      await expect(startTestServer({ spec: todos, fixtures: unknown })).rejects.toThrow(
        /"\/todo" is no collection of the contract's resources \(\/todos\)/,
      );
      const invalid = join(folder, 'invalid.json');
      await writeFile(invalid, JSON.stringify({ '/todos': [{ id: 1, title: 5 }] }));
      await expect(startTestServer({ spec: todos, fixtures: invalid })).rejects.toThrow(
        /"\/todos" entry 0 does not match getTodo's answer/,
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('x-mock-resource', () => {
  it('keeps an operation out of its resource, and puts others in', async () => {
    const call = await start('fixtures/specs/resources/overrides-openapi30.yaml');
    await call('POST', '/things', 'a', { id: 3, label: 'Mine' });
    // `false`: answered from the contract's example, not the store.
    expect((await call('GET', '/things/3')).body).toEqual({ id: 99, label: 'Example' });
    // `{ action: list, collection: /things }`: a search that lists the collection.
    expect((await call('POST', '/things/search')).body).toEqual([{ id: 3, label: 'Mine' }]);
    // `{ action: create, collection: /gadgets, id: code }`: a create under another path.
    await call('POST', '/gadgets/register', 'a', { code: 'g1', name: 'Gizmo' });
    expect((await call('GET', '/gadgets/g1')).body).toEqual({ code: 'g1', name: 'Gizmo' });
    expect((await call('GET', '/gadgets/g2')).status).toBe(404);
  });
});
