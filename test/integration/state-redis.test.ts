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
import { leaseReplicaSlot, type SlotLease } from '../../src/shared-state/replica-slot.ts';
import { redisKinds } from '../support/redis-cluster.ts';
import { redisProblem, type TestRedis } from '../support/redis-server.ts';
import {
  coverageSuite,
  all,
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

describe.skipIf(problem !== undefined).each(redisKinds)('the state on $kind', ({ start }) => {
  beforeAll(async () => {
    redis = await start();
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

  describe('the id slots of the replicas', () => {
    it('gives running replicas slots of their own, 100 at most, and a stopped one’s slot once its lease ran out', async () => {
      const redis = await connect();
      const leases: SlotLease[] = [];
      const leaseMs = 1_500;
      for (let i = 0; i < 100; i++)
        leases.push(await leaseReplicaSlot(redis, () => undefined, leaseMs));
      expect(new Set(leases.map((lease) => lease.slot)).size).toBe(100);
      await expect(leaseReplicaSlot(redis, () => undefined)).rejects.toThrow(
        /100 replicas of this mock .* run on it already/,
      );
      const stopped = leases[41] as SlotLease;
      stopped.stop();
      // Not at once: its last ids must not be given out again by a replica whose clock is behind.
      await expect(leaseReplicaSlot(redis, () => undefined)).rejects.toThrow(/already/);
      await new Promise((resolve) => setTimeout(resolve, leaseMs + 200));
      const next = await leaseReplicaSlot(redis, () => undefined);
      expect(next.slot).toBe(stopped.slot);
      leases.push(next);
      for (const lease of leases) lease.stop();
    });

    it('moves a replica whose lease another replica took to a free slot, as soon as it renews', async () => {
      const redis = await connect();
      const moves: number[] = [];
      const first = await leaseReplicaSlot(redis, (slot) => moves.push(slot));
      // Its lease ran out while it was cut off, and a replica started since took the slot.
      await redis.client.del(redis.key(`slot:${first.slot}`));
      const second = await leaseReplicaSlot(redis, () => undefined);
      expect(second.slot).toBe(first.slot);
      await first.renew();
      expect(moves).toHaveLength(1);
      expect(moves[0]).not.toBe(second.slot);
      expect(first.slot).toBe(moves[0]);
      await first.renew();
      expect(moves).toHaveLength(1);
      first.stop();
      second.stop();
    });
  });

  describe('the journal, bounded by bytes', () => {
    it('drops the oldest past the bytes, counted per session, and keeps one entry larger than them', async () => {
      const journal = createRedisJournal(await connect(), createReplicaIds(1), {
        limit: 100,
        maxBytes: 4_000,
      });
      const add = (session: string, size = 900): string => {
        const id = journal.nextId();
        journal.add(
          id,
          session,
          JSON.stringify({ ...probe('GET', '/plants'), id, session, pad: 'x'.repeat(size) }),
        );
        return id;
      };
      const ids = [add('a'), add('b'), add('a'), add('b'), add('a')];
      await expect.poll(async () => journal.dropped('*')).toBe(2);
      expect(await all(journal.scan('*'))).toEqual(ids.slice(2));
      expect(await journal.dropped('a')).toBe(1);
      expect(await journal.dropped('b')).toBe(1);
      const huge = add('c', 5_000);
      await expect.poll(async () => journal.dropped('*')).toBe(5);
      expect(await all(journal.scan('*'))).toEqual([huge]);
      expect(await journal.dropped('a')).toBe(3);
      // A session's clear gives its bytes back: three entries fit again.
      await journal.clear('c');
      const again = [add('d'), add('d'), add('d')];
      await expect.poll(async () => all(journal.scan('*'))).toEqual(again);
      expect(await journal.dropped('*')).toBe(5);
    });
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

    it('is confirmed by a create that checked it, and holds when read after the request arrived', async () => {
      const prefix = `replicas-${process.pid}-${++prefixes}`;
      const [one, two] = [await connect(prefix), await connect(prefix)];
      const limits = { limit: Infinity, sessionLimit: Infinity };
      const a = createRedisStubRegistry(one, createReplicaIds(1), limits);
      await a.add(stubOf(a, 'elsewhere', { pattern: { method: 'GET' } }));
      // b's session touch read the stubs' version before that stub (0); its cache is newer (1).
      const b = createRedisStubRegistry(
        two,
        createReplicaIds(2),
        limits,
        () => () => Promise.resolve('0'),
      );
      const store = createRedisStore(two, { limit: Infinity });
      await store.adoptFixtures([]);
      await b.take('s', () => post);
      const { assumed } = await b.take('s', () => post, { mayAssume: true });
      expect(assumed?.version).toBe('1');
      expect(await assumed?.holds()).toBe(true);
      expect(assumed?.confirmed).toBe(false);
      expect(await store.insert('s', 7, assumed)).toBe(true);
      expect(assumed?.confirmed).toBe(true);
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
