import pino from 'pino';
import { afterAll, beforeAll, describe } from 'vitest';
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
  recordStoreSuite,
  sessionTableSuite,
  stubRegistrySuite,
} from '../support/state-suites.ts';

// The Redis state runs the suites that the in-memory state runs (test/unit/state-memory.test.ts),
// each test on keys of its own.
const problem = redisProblem();
let redis: TestRedis | undefined;
const connections: RedisConnection[] = [];
let prefixes = 0;

async function connect(): Promise<RedisConnection> {
  const connection = await connectRedis(
    (redis as TestRedis).url,
    `suite-${process.pid}-${++prefixes}`,
    pino({ level: 'silent' }),
  );
  connections.push(connection);
  return connection;
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
});
