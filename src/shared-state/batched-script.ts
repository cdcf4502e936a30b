import { setTimeout as sleep } from 'node:timers/promises';
import type { RedisConnection } from './redis-connection.ts';
import type { RedisScript } from './redis-client.ts';

/** Waits 10 ms before a read looks, so that it sees the writes (batched per turn) of requests answered before. */
export const settle = (): Promise<void> => sleep(10);

/** Items sent in one script call at most. */
const maxItems = 256;

/**
 * Writes gathered for one turn of the event loop and sent as one script call, with the other
 * batches of that turn (RedisConnection.schedule): under load, dozens of requests reach the same
 * step within a turn, and one call per write cost the mock more CPU than the rest of the request.
 * The script reads its fixed arguments first, then the items, each of `fields` arguments.
 *
 * @example
 * const add = batchedScript(redis, addScript, ['J'], () => [limit]);
 * add.push(id, session, entry); // not waited for
 * const inserted = await insert.item(session, key); // the script's result for this item
 */
export function batchedScript(
  redis: RedisConnection,
  script: RedisScript,
  keys: readonly string[],
  head: () => readonly (string | number)[],
  onResult?: (result: unknown) => void,
  /** Sends what goes with the batch's items before its script (in the same write). */
  beforeScript?: () => void,
) {
  let items: (string | number)[] = [];
  // Keys the batch's items named (see `pushWith`), by their place in KEYS.
  let named = new Map<string, number>();
  let count = 0;
  let pending: PromiseWithResolvers<unknown> | undefined;
  let latest: Promise<unknown> | undefined;
  redis.beforeClose(() => {
    flush();
    return latest ?? Promise.resolve();
  });

  function flush(): void {
    const batch = pending;
    if (batch === undefined) return;
    pending = undefined;
    const args = [...head(), ...items];
    const batchKeys = [...keys, ...named.keys()];
    items = [];
    named = new Map();
    count = 0;
    beforeScript?.();
    redis.run(script, batchKeys, args).then((result) => {
      batch.resolve(result);
      onResult?.(result);
    }, batch.reject);
  }

  function push(fields: readonly (string | number)[]): { batch: Promise<unknown>; index: number } {
    for (const field of fields) items.push(field);
    const index = count++;
    if (pending === undefined) {
      pending = Promise.withResolvers();
      // Failures are logged here; a caller of latest() or item() gets them too.
      pending.promise.catch(redis.failed);
      latest = pending.promise;
      redis.schedule(flush);
    }
    const batch = pending.promise;
    if (count >= maxItems) flush();
    return { batch, index };
  }

  return {
    /** Adds an item that nobody waits for. */
    push(...fields: (string | number)[]): void {
      push(fields);
    },
    /**
     * Adds an item that nobody waits for, on keys of its own (a session's, which a Redis Cluster
     * wants in KEYS): its first field is the place in KEYS of the first of them, the others after.
     */
    pushWith(own: readonly string[], ...fields: (string | number)[]): void {
      for (const key of own) if (!named.has(key)) named.set(key, keys.length + named.size + 1);
      push([named.get(own[0] as string) as number, ...fields]);
    },
    /** Adds an item, and resolves with its entry in the script's result (a list, item by item). */
    async item(...fields: (string | number)[]): Promise<unknown> {
      const { batch, index } = push(fields);
      return ((await batch) as unknown[])[index];
    },
    /** The result of the batch made last: it runs after every push so far. */
    latest(): Promise<unknown> | undefined {
      return latest;
    },
  };
}
