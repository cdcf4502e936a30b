import type { RedisConnection, RedisScript } from './redis-connection.ts';

/**
 * How long a read of what is written this way waits before it looks, so that it sees the writes
 * of requests answered before it was asked, on this replica or another: the writes go out within
 * a turn of the event loop of their response closing.
 */
export const settleMs = 10;

/** Waits settleMs. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, settleMs));
}

/** Items sent in one script call at most. */
const maxItems = 256;

/**
 * Writes that nobody waits for (journal entries, coverage counts, session touches), gathered for
 * one turn of the event loop and sent as one script call: under load, dozens of requests close
 * within a turn, and one call per write cost the mock more CPU than the rest of the request.
 * The script reads its fixed arguments first, then the items, each of `fields` arguments.
 *
 * @example
 * const add = batchedScript(redis, addScript, ['J'], () => [limit]);
 * add.push(id, session, entry);
 */
export function batchedScript(
  redis: RedisConnection,
  script: RedisScript,
  keys: readonly string[],
  head: () => readonly (string | number)[],
  onResult?: (result: unknown) => void,
) {
  let items: (string | number)[] = [];
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
    items = [];
    count = 0;
    redis.run(script, keys, args).then((result) => {
      batch.resolve(result);
      onResult?.(result);
    }, batch.reject);
  }

  return {
    push(...fields: (string | number)[]): void {
      for (const field of fields) items.push(field);
      count++;
      if (pending === undefined) {
        pending = Promise.withResolvers();
        // Failures are logged here; a caller of latest() gets them too.
        pending.promise.catch(redis.failed);
        latest = pending.promise;
        setImmediate(flush);
      }
      if (count >= maxItems) flush();
    },
    /** The result of the batch made last: it runs after every push so far. */
    latest(): Promise<unknown> | undefined {
      return latest;
    },
  };
}
