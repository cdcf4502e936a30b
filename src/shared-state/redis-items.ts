import { createHash } from 'node:crypto';
import {
  highestIntegerId,
  type ItemFixtures,
  type ItemLimit,
  type ItemStore,
} from '../responders/resources/item-store.ts';
import { keyOf } from '../responders/store/record-store.ts';
import {
  dropItemsScript,
  fixtureItemsScript,
  listItemsScript,
  nextIdScript,
  readItemScript,
  writeItemScript,
} from './redis-item-scripts.ts';
import type { RedisConnection } from './redis-connection.ts';

// Fixture items sent to Redis per script call.
const fixtureChunk = 1_000;

/**
 * The ItemStore in Redis, shared by every replica that names the same store and prefix: each
 * read, list and write is one script, so that a write raced on two replicas is made once and the
 * limits hold over all of them. Items are kept as JSON text under keyOf their id.
 *
 * @example
 * const items = createRedisItemStore(redis, { limit: 100_000, chars: 16 * 2 ** 20 });
 * await items.create('default', '/todos', 1, '{"id":1}'); // true
 */
export function createRedisItemStore(redis: RedisConnection, { limit, chars, onFull }: ItemLimit) {
  let fixtures: ItemFixtures = new Map();
  const keys = ['I'];
  const finite = (n: number) => (Number.isFinite(n) ? n : Number.MAX_SAFE_INTEGER);
  const write = async (args: (string | number)[]): Promise<boolean> => {
    const result = await redis.run(writeItemScript, keys, [finite(limit), finite(chars), ...args]);
    if (result === 2) onFull?.();
    return result !== 0;
  };
  const store = {
    async read(session: string, collection: string, id: unknown): Promise<string | undefined> {
      const json = await redis.run(readItemScript, keys, [session, collection, String(keyOf(id))]);
      return typeof json === 'string' ? json : undefined;
    },
    async list(session: string, collection: string): Promise<string[]> {
      return (await redis.run(listItemsScript, keys, [session, collection])) as string[];
    },
    create(session: string, collection: string, id: unknown, json: string) {
      const integer = Number.isSafeInteger(id) ? String(id) : '';
      return write(['create', session, collection, String(keyOf(id)), json, integer]);
    },
    replace(session: string, collection: string, id: unknown, json: string, expected?: string) {
      const guard = expected === undefined ? [] : [expected];
      return write(['replace', session, collection, String(keyOf(id)), json, '', ...guard]);
    },
    remove(session: string, collection: string, id: unknown) {
      return write(['remove', session, collection, String(keyOf(id)), '', '']);
    },
    async nextId(session: string, collection: string): Promise<number> {
      return Number(await redis.run(nextIdScript, keys, [session, collection]));
    },
    async reset(session?: string): Promise<void> {
      await redis.run(dropItemsScript, keys, [session ?? '', 'reset']);
    },
    evict(session: string): void {
      redis.run(dropItemsScript, keys, [session, 'evict']).catch(redis.failed);
    },
    async replaceFixtures(next: ItemFixtures): Promise<void> {
      fixtures = next;
      await redis.run(fixtureItemsScript, keys, ['clear']);
      for (const [collection, items] of next) {
        for (let at = 0; at < items.length || at === 0; at += fixtureChunk) {
          const pairs = items
            .slice(at, at + fixtureChunk)
            .flatMap(({ id, json }) => [String(keyOf(id)), json]);
          await redis.run(fixtureItemsScript, keys, [
            'add',
            collection,
            highestIntegerId(items),
            ...pairs,
          ]);
        }
      }
      await redis.client.set(redis.key('I:fixhash'), hashOf(next));
      await store.reset();
    },
    /** Sets the fixtures unless the store holds these already (a replica starting beside others). */
    async adoptFixtures(next: ItemFixtures): Promise<void> {
      fixtures = next;
      if ((await redis.client.get(redis.key('I:fixhash'))) !== hashOf(next)) {
        await store.replaceFixtures(next);
      }
    },
  } satisfies ItemStore & Record<string, unknown>;
  // Sets the fixtures last given again where Redis lost them (a restart without its data).
  redis.onRestore(() => store.adoptFixtures(fixtures));
  return store;
}

function hashOf(fixtures: ItemFixtures): string {
  const hash = createHash('sha256');
  for (const [collection, items] of fixtures) {
    hash.update(`${collection}\n`);
    for (const { id, json } of items) hash.update(`${String(keyOf(id))}\n${json}\n`);
  }
  return hash.digest('base64');
}
