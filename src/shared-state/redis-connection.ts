import { setTimeout as sleep } from 'node:timers/promises';
import { Cluster, type Redis } from 'ioredis';
import type { Logger } from 'pino';
import { HttpError } from '../errors.ts';
import {
  connectionsOf,
  connectClient,
  isReplyError,
  loadScripts,
  reasonOf,
  withoutPassword,
  type RedisScript,
} from './redis-client.ts';

/**
 * One connection to the shared store. While Redis is away commands fail at once (no queue) as
 * `STORE_UNAVAILABLE` (503), so no request is answered as if the state were there.
 */
export type RedisConnection = Awaited<ReturnType<typeof connectRedis>>;

const closeGraceMs = 1_000;
const restoreRetryMs = 500;

// Settles with `work` or after `ms`, whichever comes first (the timer holds no process open).
function withinMs(work: Promise<unknown>, ms: number): Promise<unknown> {
  return Promise.race([work, sleep(ms, undefined, { ref: false })]);
}

/**
 * Connects to Redis at `url` (`redis://HOST:PORT/DB`, or a Redis Cluster at
 * `redis-cluster://HOST:PORT,...`); throws a ConfigError (exit 2) when it does not answer within
 * two seconds.
 *
 * @example
 * const redis = await connectRedis('redis://127.0.0.1:6379/0', 'plant-store-mock', logger);
 * await redis.client.ping();
 */
export async function connectRedis(url: string, prefix: string, logger: Logger) {
  const name = withoutPassword(url);
  let lost = false;
  const client = await connectClient(url, name);
  // Work that must be done again before serving when Redis comes back (it may have lost its data).
  const restores: (() => Promise<void>)[] = [];
  let restoring = false;
  const markLost = (): void => {
    if (lost) return;
    lost = true;
    logger.error(`Lost the store at ${name}: every request is answered 503 until it is back.`);
  };
  const restore = (): void => {
    if (!lost || restoring || client.status !== 'ready') return;
    restoring = true;
    loadScripts(client)
      .then(() => Promise.all(restores.map((each) => each())))
      .then(() => {
        lost = false;
        logger.warn(`The store at ${name} is back: serving again.`);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, `Failed to restore the store at ${name}`);
        // A cluster that lost only the mock's node stays connected: try again until it is back.
        if (client instanceof Cluster) setTimeout(restore, restoreRetryMs).unref();
        else client.disconnect(true);
      })
      .finally(() => {
        restoring = false;
      });
  };
  client.on('close', markLost);
  client.on('ready', restore);
  if (client instanceof Cluster) {
    // When the master of the mock's slot goes, the cluster stays connected through its other
    // nodes, but the mock's state is away, and may come back empty.
    const slot = await client.cluster('KEYSLOT', `{${prefix}}`);
    client.on('-node', (node: Redis) => {
      const master = client.slots[slot]?.[0];
      if (master !== undefined && master !== `${node.options.host}:${node.options.port}`) return;
      markLost();
      setTimeout(restore, restoreRetryMs).unref();
    });
  }
  /** The 503 that answers requests while the store is away. */
  const unavailable = (cause?: unknown): HttpError => {
    // A command that timed out on an open connection: drop it and reconnect, so that the mock
    // answers 503 at once (and health says degraded) until Redis answers again.
    if (cause instanceof Error && cause.message.includes('timed out') && !lost) {
      markLost();
      client.disconnect(true);
    }
    return new HttpError(
      'STORE_UNAVAILABLE',
      `The shared store at ${name} does not answer${cause === undefined ? '' : ` (${reasonOf(cause)})`}. Make sure Redis is running; the mock serves again as soon as it is back.`,
      { cause },
    );
  };
  let lastFailureLog = 0;
  const flushes: (() => Promise<unknown>)[] = [];
  // The flushes of this turn; the socket is corked while they write.
  const scheduled = new Set<() => void>();
  const flushScheduled = (): void => {
    // A cluster's nodes connect on their first command: only those connected have a stream.
    const streams = connectionsOf(client)
      .filter((node) => node.status === 'ready')
      .map((node) => node.stream);
    for (const stream of streams) stream.cork();
    try {
      for (const flush of scheduled) flush();
    } finally {
      scheduled.clear();
      for (const stream of streams) stream.uncork();
    }
  };
  /**
   * The key of `name` in Redis: `{PREFIX}:name`. The braces make the prefix the key's hash tag,
   * so that in a Redis Cluster every key of a mock is in one slot, as its scripts need.
   */
  const keyOf = (key: string): string => `{${prefix}}:${key}`;
  return {
    client,
    key: keyOf,
    /** The store as the user gave it, without a password, for messages. */
    name,
    /** Whether requests can be served now. */
    available: () => client.status === 'ready' && !lost && !restoring,
    /** Runs `restore` each time Redis comes back, before requests are served again. */
    onRestore(restore: () => Promise<void>): void {
      restores.push(restore);
    },
    /** Runs a script with keys (made with key() here) and arguments. */
    async run(
      script: RedisScript,
      keys: readonly string[],
      args: readonly (string | number | Buffer)[],
    ): Promise<unknown> {
      const all = [...keys.map(keyOf), ...args];
      try {
        try {
          return await client.evalsha(script.sha, keys.length, ...all);
        } catch (error) {
          if (!(error as Error).message.startsWith('NOSCRIPT')) throw error;
          return await client.eval(script.lua, keys.length, ...all);
        }
      } catch (error) {
        throw isReplyError(error) ? error : unavailable(error);
      }
    },
    unavailable,
    /** `work`'s result, or its failure as the 503 of `unavailable`. */
    async guard<T>(work: Promise<T>): Promise<T> {
      try {
        return await work;
      } catch (error) {
        throw unavailable(error);
      }
    },
    /** For work nobody waits for (touches, journal and coverage writes): notes a failure. */
    failed: (error: unknown): void => {
      // At most one line a second: a lost store fails every request.
      if (performance.now() - lastFailureLog < 1_000) return;
      lastFailureLog = performance.now();
      logger.error({ err: error }, `A write to the store at ${name} failed`);
    },
    /** Registers a flush that close() runs (and waits for) before it disconnects. */
    beforeClose(flush: () => Promise<unknown>): void {
      flushes.push(flush);
    },
    /**
     * Runs `flush` once after this turn of the event loop, with every other flush asked for in it,
     * their commands written to Redis together (one system call, one read on Redis's side).
     */
    schedule(flush: () => void): void {
      if (scheduled.size === 0) setImmediate(flushScheduled);
      scheduled.add(flush);
    },
    async close(): Promise<void> {
      // What was answered is written before the connection goes (a replica's stop loses nothing),
      // unless Redis does not answer: a stop must not wait for it.
      await withinMs(
        Promise.all(flushes.map((flush) => flush().catch(() => undefined))),
        closeGraceMs,
      );
      lost = true;
      await withinMs(
        client.quit().catch(() => undefined),
        closeGraceMs,
      );
      client.disconnect();
    },
  };
}
