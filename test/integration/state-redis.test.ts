import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, type RedisConnection } from '../../src/shared-state/redis-connection.ts';
import { createRedisCoverage } from '../../src/shared-state/redis-coverage.ts';
import { createRedisItemStore } from '../../src/shared-state/redis-items.ts';
import { createRedisJournal } from '../../src/shared-state/redis-journal.ts';
import { createRedisPactLedger } from '../../src/shared-state/redis-pact-ledger.ts';
import { createRedisSessionTable } from '../../src/shared-state/redis-sessions.ts';
import { createRedisStore } from '../../src/shared-state/redis-store.ts';
import { createRedisStubRegistry } from '../../src/shared-state/redis-stubs.ts';
import { createReplicaIds } from '../../src/shared-state/replica-ids.ts';
import { redisKinds } from '../support/redis-cluster.ts';
import { redisProblem, type TestRedis } from '../support/redis-server.ts';
import {
  coverageSuite,
  all,
  journalSuite,
  pactLedgerSuite,
  probe,
  recordStoreSuite,
  sessionTableSuite,
  stubOf,
  stubRegistrySuite,
} from '../support/state-suites.ts';
import { itemStoreSuite } from '../support/item-store-suite.ts';

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

const limits = { limit: Infinity, sessionLimit: Infinity };

// Two replicas' registries on the same keys, and the second one's store and connection.
async function twoReplicas() {
  const prefix = `replicas-${process.pid}-${++prefixes}`;
  const [one, two] = [await connect(prefix), await connect(prefix)];
  const store = createRedisStore(two, { limit: Infinity });
  await store.adoptFixtures([]);
  return {
    a: createRedisStubRegistry(one, createReplicaIds(), limits),
    b: createRedisStubRegistry(two, createReplicaIds(), limits),
    store,
    two,
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
  describe("the store of the resources' items", () => {
    itemStoreSuite(async ({ fixtures = new Map(), limit = Infinity, chars = Infinity }) => {
      const items = createRedisItemStore(await connect(), { limit, chars });
      await items.adoptFixtures(fixtures);
      return items;
    });
  });
  describe('the stub registry', () => {
    stubRegistrySuite(async ({ limit = Infinity, sessionLimit = Infinity }) =>
      createRedisStubRegistry(await connect(), createReplicaIds(), { limit, sessionLimit }),
    );
  });
  describe('the journal', () => {
    journalSuite(async ({ limit }) =>
      createRedisJournal(await connect(), createReplicaIds(), { limit, maxBytes: 2 ** 30 }),
    );
  });
  describe('the pact ledger', () => {
    pactLedgerSuite(async ({ limit }) => createRedisPactLedger(await connect(), limit));
  });
  describe('the coverage', () => {
    coverageSuite(async ({ operations }) => createRedisCoverage(await connect(), () => operations));
  });
  describe('the session table', () => {
    sessionTableSuite(async ({ limit, forget }) =>
      createRedisSessionTable(await connect(), limit, forget),
    );
  });

  describe('the journal, bounded by bytes', () => {
    it('drops the oldest past the bytes, counted per session, and keeps one entry larger than them', async () => {
      const journal = createRedisJournal(await connect(), createReplicaIds(), {
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

  describe('a stub lookup on the stubs a replica last saw', () => {
    const post = probe('POST', '/plants');

    it('sees the stubs another replica changed before the request arrived', async () => {
      const { a, b, store } = await twoReplicas();
      expect(await b.take('s', () => post)).toBeUndefined();
      expect(await b.take('s', () => post)).toBeUndefined();
      expect(await store.insert('s', 1)).toBe(true);

      const stub = stubOf(a, 's', { pattern: { method: 'POST' } });
      await a.add(stub);
      expect((await b.take('s', () => post))?.id).toBe(stub.id);
      expect(await store.insert('s', 2)).toBe(true);
    });

    it('keeps a view read after the request arrived, without loading it again', async () => {
      const prefix = `replicas-${process.pid}-${++prefixes}`;
      const [one, two] = [await connect(prefix), await connect(prefix)];
      const a = createRedisStubRegistry(one, createReplicaIds(), limits);
      await a.add(stubOf(a, 'elsewhere', { pattern: { method: 'GET' } }));
      // b's session touch read the stubs' version before that stub (0); its view is newer (1).
      const b = createRedisStubRegistry(
        two,
        createReplicaIds(),
        limits,
        () => () => Promise.resolve('0'),
      );
      expect(await b.take('s', () => post)).toBeUndefined();
      // Registered after the request arrived (as its touch read): the request may miss it.
      await a.add(stubOf(a, 's', { pattern: { method: 'POST' } }));
      expect(await b.take('s', () => post)).toBeUndefined();
    });

    it('answers a create without waiting for the touch, and again without it once a stub came before', async () => {
      const { a, two, store } = await twoReplicas();
      let touch = (): Promise<string | undefined> => Promise.resolve(undefined);
      const fast = createRedisStubRegistry(two, createReplicaIds(), limits, () => touch);
      const create = async (id: number): Promise<string> =>
        fast.answer(
          's',
          () => post,
          (stub) => stub.id,
          async () => ((await store.insert('s', id)) ? 'created' : 'taken'),
        );
      expect(await create(1)).toBe('created');
      // The create's script confirms the stubs seen last: the touch's read is not waited for.
      const unread = Promise.withResolvers<string | undefined>();
      touch = () => unread.promise;
      expect(await create(2)).toBe('created');
      unread.resolve(undefined);
      touch = () => Promise.resolve(undefined);
      const stub = stubOf(a, 's', { pattern: { method: 'POST' } });
      await a.add(stub);
      expect(await create(3)).toBe(stub.id);
      // The create chosen on the stubs seen last was not made.
      expect(await store.insert('s', 3)).toBe(true);
      expect(await store.insert('s', 2)).toBe(false);
    });

    it('keeps a create chosen on the stubs seen last when they changed after the request arrived', async () => {
      const { a, two, store } = await twoReplicas();
      const version = (await two.client.get(two.key('B:ver'))) ?? '0';
      // The touch of the request read the version that b saw last.
      const arrived = createRedisStubRegistry(
        two,
        createReplicaIds(),
        limits,
        () => () => Promise.resolve(version),
      );
      expect(await arrived.take('s', () => post)).toBeUndefined();
      const late = stubOf(a, 's', { pattern: { method: 'POST' } });
      const answer = await arrived.answer(
        's',
        () => post,
        (stub) => stub.id,
        async () => {
          await a.add(late);
          return (await store.insert('s', 1)) ? 'created' : 'taken';
        },
      );
      expect(answer).toBe('created');
      expect(await store.insert('s', 1)).toBe(false);
      expect((await a.get('s', late.id))?.uses).toBe(0);
    });

    it('counts no use of a stub matched on a stale view, and answers with the current match', async () => {
      const { a, b } = await twoReplicas();
      const old = stubOf(a, 't', { pattern: { method: 'POST' } });
      await a.add(old);
      expect((await b.take('t', () => post))?.id).toBe(old.id);
      const first = stubOf(a, 't', { pattern: { method: 'POST' }, priority: 1 });
      await a.add(first);
      expect(await b.take('t', () => post)).toMatchObject({ id: first.id, uses: 1 });
      expect((await a.get('t', old.id))?.uses).toBe(1);
    });
  });
});
