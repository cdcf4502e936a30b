import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StubsChanged } from '../../src/responders/stubs/stub-registry.ts';
import { connectRedis, type RedisConnection } from '../../src/shared-state/redis-connection.ts';
import { createRedisCoverage } from '../../src/shared-state/redis-coverage.ts';
import { createRedisJournal } from '../../src/shared-state/redis-journal.ts';
import { createRedisSessionTable } from '../../src/shared-state/redis-sessions.ts';
import { createRedisStore } from '../../src/shared-state/redis-store.ts';
import { createRedisStubRegistry } from '../../src/shared-state/redis-stubs.ts';
import { createReplicaIds } from '../../src/shared-state/replica-ids.ts';
import { redisProblem, startRedis, type TestRedis } from '../support/redis-server.ts';
import {
  coverageSuite,
  journalSuite,
  probe,
  recordStoreSuite,
  sessionTableSuite,
  stubOf,
  stubRegistrySuite,
} from '../support/state-suites.ts';

// The Redis state runs the suites that the in-memory state runs (test/unit/state-memory.test.ts),
// each test on keys of its own.
const problem = redisProblem();
let redis: TestRedis | undefined;
const connections: RedisConnection[] = [];
let prefixes = 0;

async function connect(prefix = `suite-${process.pid}-${++prefixes}`): Promise<RedisConnection> {
  const connection = await connectRedis(
    (redis as TestRedis).url,
    prefix,
    pino({ level: 'silent' }),
  );
  connections.push(connection);
  return connection;
}

// Two replicas' registries on the same keys, and the second one's store.
async function twoReplicas() {
  const prefix = `replicas-${process.pid}-${++prefixes}`;
  const limits = { limit: Infinity, sessionLimit: Infinity };
  const [one, two] = [await connect(prefix), await connect(prefix)];
  const store = createRedisStore(two, { limit: Infinity });
  await store.adoptFixtures([]);
  return {
    a: createRedisStubRegistry(one, createReplicaIds(1), limits),
    b: createRedisStubRegistry(two, createReplicaIds(2), limits),
    store,
  };
}

describe.skipIf(problem !== undefined)('the state in Redis', () => {
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.close()));
    await redis?.stop();
  });

  describe('the store', () => {
    recordStoreSuite(async ({ fixtures = [], limit = Infinity }) => {
      const store = createRedisStore(await connect(), { limit });
      await store.adoptFixtures(fixtures);
      return store;
    });
  });
  describe('the stub registry', () => {
    stubRegistrySuite(async ({ limit = Infinity, sessionLimit = Infinity }) =>
      createRedisStubRegistry(await connect(), createReplicaIds(1), { limit, sessionLimit }),
    );
  });
  describe('the journal', () => {
    journalSuite(async ({ limit }) =>
      createRedisJournal(await connect(), createReplicaIds(1), { limit, maxBytes: 2 ** 30 }),
    );
  });
  describe('the coverage', () => {
    coverageSuite(async ({ operations }) => createRedisCoverage(await connect(), () => operations));
  });
  describe('the session table', () => {
    sessionTableSuite(async ({ limit, forgetters }) =>
      createRedisSessionTable(await connect(), limit, forgetters),
    );
  });

  describe('a stub lookup that assumes the stubs it last saw', () => {
    const post = probe('POST', '/plants');

    it('is found stale once another replica changed them, and a create made on it is refused', async () => {
      const { a, b, store } = await twoReplicas();
      // The first lookup asks Redis; the next may assume what it saw.
      expect(await b.take('s', () => post, { mayAssume: true })).toEqual({ stub: undefined });
      const fresh = await b.take('s', () => post, { mayAssume: true });
      expect(fresh.assumed).toBeDefined();
      expect(await fresh.assumed?.holds()).toBe(true);
      expect(await store.insert('s', 1, fresh.assumed)).toBe(true);

      const stub = stubOf(a, 's', { pattern: { method: 'POST' } });
      await a.add(stub);
      const stale = await b.take('s', () => post, { mayAssume: true });
      expect(stale.stub).toBeUndefined();
      expect(await stale.assumed?.holds()).toBe(false);
      await expect(store.insert('s', 2, stale.assumed)).rejects.toBeInstanceOf(StubsChanged);
      expect(await store.insert('s', 2)).toBe(true);
      expect((await b.take('s', () => post)).stub?.id).toBe(stub.id);
    });

    it('counts no use of a stub matched on a stale view, and answers with the current match', async () => {
      const { a, b } = await twoReplicas();
      const old = stubOf(a, 't', { pattern: { method: 'POST' } });
      await a.add(old);
      expect((await b.take('t', () => post, { mayAssume: true })).stub?.id).toBe(old.id);
      const first = stubOf(a, 't', { pattern: { method: 'POST' }, priority: 1 });
      await a.add(first);
      const taken = await b.take('t', () => post, { mayAssume: true });
      expect(taken.assumed).toBeUndefined();
      expect(taken.stub).toMatchObject({ id: first.id, uses: 1 });
      expect((await a.get('t', old.id))?.uses).toBe(1);
    });
  });
});
