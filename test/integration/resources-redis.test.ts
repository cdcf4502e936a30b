// Two mocks on one Redis, as replicas behind a load balancer: a resource's items are one store.
import type { RunningMockServer } from 'plant-store-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/mock-fetch.ts';
import { redisProblem, startRedis, type TestRedis } from '../support/redis-server.ts';

const problem = redisProblem();
const spec = 'fixtures/specs/resources/todos-openapi30.yaml';
let redis: TestRedis | undefined;
let replicas: RunningMockServer[] = [];

async function call(
  replica: RunningMockServer | undefined,
  method: string,
  path: string,
  body?: unknown,
) {
  const response = await fetch(`${(replica as RunningMockServer).url}${path}`, {
    method,
    headers: {
      'x-mock-session': 'shared',
      'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

describe.skipIf(problem !== undefined)('resources on a Redis shared by two replicas', () => {
  beforeAll(async () => {
    redis = await startRedis();
    const options = { spec, store: redis.url, storePrefix: `resources-${process.pid}` };
    replicas = [await startTestServer(options), await startTestServer(options)];
  });
  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.close()));
    await redis?.stop();
  });

  it('reads back, merges and deletes on one replica what the other created', async () => {
    const [a, b] = replicas;
    const creates = await Promise.all([
      call(a, 'POST', '/todos', { title: 'One' }),
      call(b, 'POST', '/todos', { title: 'Two' }),
      call(a, 'POST', '/todos', { title: 'Three' }),
    ]);
    const ids = creates.map((created) => (created.body as { id: number }).id);
    expect(new Set(ids).size).toBe(3);
    expect((await call(b, 'GET', `/todos/${ids[0]}`)).body).toEqual(creates[0].body);
    expect((await call(b, 'PATCH', `/todos/${ids[2]}`, { done: true })).body).toMatchObject({
      done: true,
    });
    expect((await call(a, 'GET', '/todos?done=true')).body).toEqual([
      expect.objectContaining({ id: ids[2], done: true }),
    ]);
    expect((await call(a, 'DELETE', `/todos/${ids[1]}`)).status).toBe(204);
    expect((await call(b, 'GET', `/todos/${ids[1]}`)).status).toBe(404);
    await fetch(`${(b as RunningMockServer).adminUrl}/reset`, {
      method: 'POST',
      headers: { 'x-mock-session': 'shared' },
    });
    expect((await call(a, 'GET', '/todos')).body).toEqual([]);
  });

  it('keeps both of two merges raced on the two replicas, each of its own field', async () => {
    const [a, b] = replicas;
    const created = await call(a, 'POST', '/todos', { title: 'Raced' });
    const id = (created.body as { id: number }).id;
    // Each round patches the title on one replica and `done` on the other at once: a merge made
    // from a read the other one has since overwritten would lose a field.
    for (let round = 0; round < 40; round++) {
      const title = `Raced ${round}`;
      const done = round % 2 === 0;
      const [left, right] = await Promise.all([
        call(a, 'PATCH', `/todos/${id}`, { title }),
        call(b, 'PATCH', `/todos/${id}`, { done }),
      ]);
      expect([left.status, right.status]).toEqual([200, 200]);
      expect((await call(b, 'GET', `/todos/${id}`)).body, `round ${round}`).toMatchObject({
        title,
        done,
      });
    }
  });
});
