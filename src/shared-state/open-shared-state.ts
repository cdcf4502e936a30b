import type { Logger } from 'pino';
import type { ResolvedConfig } from '../config/config-schema.ts';
import { memoryCosts } from '../config/memory-model.ts';
import type { LiveContract } from '../contract/live-contract.ts';
import { createEventHub } from '../observe/event-hub.ts';
import type { Fixtures } from '../responders/store/load-fixtures.ts';
import { joinItems } from '../responders/resources/join-items.ts';
import { storeFullWarning } from '../responders/store/record-store.ts';
import { watchDataLoss } from './data-loss.ts';
import { connectRedis } from './redis-connection.ts';
import { createRedisCoverage } from './redis-coverage.ts';
import { createRedisItemStore } from './redis-items.ts';
import { createRedisJournal } from './redis-journal.ts';
import { createRedisPactLedger } from './redis-pact-ledger.ts';
import { createRedisSessionTable } from './redis-sessions.ts';
import { createRedisStore } from './redis-store.ts';
import { createRedisStubRegistry } from './redis-stubs.ts';
import { createReplicaIds } from './replica-ids.ts';
import { relayEvents } from './relay-events.ts';

/** The state of a mock whose `--store` is Redis, and the connection's health. */
export type SharedState = Awaited<ReturnType<typeof openSharedState>>;

/**
 * Connects to the Redis of `config.store` and makes the mock's state there; throws a ConfigError
 * (the CLI exits 2) when Redis does not answer. The fixtures are set only when the store holds
 * others, so that a replica (re)starting beside running ones leaves their sessions as they are.
 *
 * @example
 * const shared = await openSharedState(config, fixtures, logger, contract);
 * shared.unavailable(); // undefined while Redis answers
 */
export async function openSharedState(
  config: ResolvedConfig,
  fixtures: Fixtures,
  logger: Logger,
  contract: LiveContract,
) {
  const redis = await connectRedis(config.store, config.storePrefix, logger);
  try {
    // First, before any restore: whether Redis came back without its data.
    await watchDataLoss(redis);
    // A number of its own for each replica ever started, to tell its events from the others'.
    const replica = await redis.client.incr(redis.key('replicas'));
    const ids = createReplicaIds();
    const onFull = () => {
      logger.warn(storeFullWarning(config.storeLimit));
    };
    const records = createRedisStore(redis, { limit: config.storeLimit, onFull });
    const items = createRedisItemStore(redis, {
      limit: config.storeLimit,
      chars: config.storeSizeChars,
      onFull,
    });
    await records.adoptFixtures(fixtures.records);
    await items.adoptFixtures(fixtures.items);
    const store = joinItems(records, items);
    const journal = createRedisJournal(redis, ids, {
      limit: config.journalLimit,
      maxBytes: config.journalLimit * memoryCosts.journalEntry,
    });
    const pactLedger = createRedisPactLedger(redis);
    const coverage = createRedisCoverage(redis, () => contract.current.operations);
    const stubs = createRedisStubRegistry(
      redis,
      ids,
      { limit: config.stubLimit, sessionLimit: config.sessionStubLimit },
      () => sessions.stubsVersion(),
    );
    // The session table reads the stubs' version with each request's touch (see stubsVersion).
    const sessions = createRedisSessionTable(redis, config.sessionLimit, (session) => {
      store.evict(session);
      Promise.all([stubs.clear(session), coverage.clear(session), pactLedger.clear(session)]).catch(
        redis.failed,
      );
    });
    const events = await relayEvents(
      redis,
      createEventHub({ clientLimit: config.eventClientLimit }),
      replica,
    );
    return {
      store,
      journal,
      pactLedger,
      coverage,
      stubs,
      sessions,
      /** The event hub of GET /__admin/events, fed by every replica's entries. */
      events,
      /** The 503 to answer with while Redis is away; undefined while it answers. */
      unavailable: () => (redis.available() ? undefined : redis.unavailable()),
      /** For GET /__admin/health. */
      status: () => ({ kind: 'redis' as const, url: redis.name, connected: redis.available() }),
      async close() {
        await events.close();
        await redis.close();
      },
    };
  } catch (error) {
    await redis.close();
    throw error;
  }
}
