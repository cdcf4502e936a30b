import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { ConfigError, HttpError } from '../errors.ts';

/** A Lua script run by its SHA-1, sent whole only when Redis does not hold it yet. */
export interface RedisScript {
  lua: string;
  sha: string;
}

// Every script made, loaded into Redis at connection and again when it comes back: a script
// sent whole on first use (after a NOSCRIPT) would be run after commands sent later.
const scripts: RedisScript[] = [];

/** Makes a RedisScript of Lua source; call at module level, before connecting. */
export function redisScript(lua: string): RedisScript {
  const script = { lua, sha: createHash('sha1').update(lua).digest('hex') };
  scripts.push(script);
  return script;
}

/** The oldest Redis the scripts run on (`LPOP key count` came with 6.2). */
const minimumVersion = [6, 2];

/**
 * Why a Redis of this `INFO server` text is too old for the mock's scripts; undefined when it is
 * not (or when it does not say its version).
 *
 * @example
 * redisVersionProblem('redis_version:6.0.16\r\n'); // 'Redis 6.0.16 is too old: ...'
 */
export function redisVersionProblem(info: string): string | undefined {
  const version = /^redis_version:((\d+)\.(\d+)\S*)/m.exec(info);
  if (version === null) return undefined;
  const [major, minor] = [Number(version[2]), Number(version[3])];
  const [needMajor, needMinor] = minimumVersion as [number, number];
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return undefined;
  return `Redis ${version[1] ?? ''} is too old: the mock needs Redis ${needMajor}.${needMinor} or later. Make sure to run a newer Redis there, or start the mock with --store memory.`;
}

async function loadScripts(client: Redis): Promise<void> {
  await Promise.all(scripts.map((script) => client.script('LOAD', script.lua)));
}

/**
 * One connection to the shared store, as the Redis-backed state uses it. Commands fail at once
 * while Redis is away (no queue that would hold requests until it returns), as an HttpError
 * `STORE_UNAVAILABLE` (503) naming the store, so that no request is answered as if the state
 * were there; the client reconnects by itself.
 */
export interface RedisConnection {
  client: Redis;
  /** Prepended to every key, so that several mocks can share one Redis. */
  prefix: string;
  /** The store as the user gave it, without a password, for messages. */
  name: string;
  /** Whether requests can be served now. */
  available(): boolean;
  /** Runs `restore` each time Redis comes back, before requests are served again. */
  onRestore(restore: () => Promise<void>): void;
  /** Runs a script with keys (prefixed here) and arguments. */
  run(
    script: RedisScript,
    keys: readonly string[],
    args: readonly (string | number)[],
  ): Promise<unknown>;
  /** The 503 that answers requests while the store is away. */
  unavailable(cause?: unknown): HttpError;
  /** `work`'s result, or its failure as the 503 of `unavailable`. */
  guard<T>(work: Promise<T>): Promise<T>;
  /** For work nobody waits for (touches, journal and coverage writes): notes a failure. */
  failed: (error: unknown) => void;
  /** Registers a flush that close() runs (and waits for) before it disconnects. */
  beforeClose(flush: () => Promise<unknown>): void;
  /**
   * Runs `flush` once after this turn of the event loop, with every other flush asked for in it,
   * their commands written to Redis together (one system call, one read on Redis's side).
   */
  schedule(flush: () => void): void;
  close(): Promise<void>;
}

const connectTimeoutMs = 2_000;
const commandTimeoutMs = 5_000;
const closeGraceMs = 1_000;

// Settles with `work` or after `ms`, whichever comes first.
function withinMs(work: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([work, timeout]).finally(() => {
    clearTimeout(timer);
  });
}

/**
 * Connects to Redis at `url` (`redis://HOST:PORT/DB`); throws a ConfigError (exit 2) when it does
 * not answer within two seconds.
 *
 * @example
 * const redis = await connectRedis('redis://127.0.0.1:6379/0', 'plant-store-mock', logger);
 * await redis.client.ping();
 */
export async function connectRedis(
  url: string,
  prefix: string,
  logger: Logger,
): Promise<RedisConnection> {
  const name = withoutPassword(url);
  let lost = false;
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    // Off: the hot path's writes are batched here (batchedScript, schedule), and ioredis's own
    // batching made a Pipeline per turn of the event loop, which cost 40 % of the throughput on
    // Redis (docs/redis.md).
    enableAutoPipelining: false,
    maxRetriesPerRequest: 0,
    connectTimeout: connectTimeoutMs,
    // A Redis that stops answering without closing the connection (a partition, a frozen host)
    // must not hold requests for ever: a command past this answers 503, and TCP keep-alive
    // notices the dead connection.
    commandTimeout: commandTimeoutMs,
    keepAlive: 1_000,
    // Reconnect for ever, every 50 ms at first and at most every 500 ms.
    retryStrategy: (times) => Math.min(times * 50, 500),
  });
  let lastError: unknown;
  client.on('error', (error) => {
    // Said once by 'close' below; ioredis repeats it for each reconnection attempt.
    lastError = error;
  });
  try {
    await client.connect();
    await loadScripts(client);
  } catch (cause) {
    client.disconnect();
    throw new ConfigError(
      `Failed to connect to the store at ${name} (--store): ${reasonOf(lastError ?? cause)}. Make sure Redis runs there, or start the mock with --store memory.`,
      { cause },
    );
  }
  const tooOld = redisVersionProblem(await client.info('server').catch(() => ''));
  if (tooOld !== undefined) {
    client.disconnect();
    throw new ConfigError(`Failed to use the store at ${name} (--store): ${tooOld}`);
  }
  // Work that must be done again before serving when Redis comes back (it may have lost its data).
  const restores: (() => Promise<void>)[] = [];
  let restoring = false;
  const markLost = (): void => {
    if (lost) return;
    lost = true;
    logger.error(`Lost the store at ${name}: every request is answered 503 until it is back.`);
  };
  client.on('close', markLost);
  client.on('ready', () => {
    if (!lost) return;
    restoring = true;
    loadScripts(client)
      .then(() => Promise.all(restores.map((restore) => restore())))
      .then(() => {
        lost = false;
        logger.warn(`The store at ${name} is back: serving again.`);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, `Failed to restore the store at ${name}`);
        client.disconnect(true);
      })
      .finally(() => {
        restoring = false;
      });
  });
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
    const { stream } = client;
    stream.cork();
    try {
      for (const flush of scheduled) flush();
    } finally {
      scheduled.clear();
      stream.uncork();
    }
  };
  const keyOf = (key: string): string => `${prefix}:${key}`;
  return {
    client,
    prefix,
    name,
    available: () => client.status === 'ready' && !lost && !restoring,
    onRestore(restore) {
      restores.push(restore);
    },
    async run(script, keys, args) {
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
    async guard(work) {
      try {
        return await work;
      } catch (error) {
        throw unavailable(error);
      }
    },
    failed(error) {
      // At most one line a second: a lost store fails every request.
      if (performance.now() - lastFailureLog < 1_000) return;
      lastFailureLog = performance.now();
      logger.error({ err: error }, `A write to the store at ${name} failed`);
    },
    beforeClose(flush) {
      flushes.push(flush);
    },
    schedule(flush) {
      if (scheduled.size === 0) setImmediate(flushScheduled);
      scheduled.add(flush);
    },
    async close() {
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

function reasonOf(error: unknown): string {
  // ioredis's words for a command sent while the connection is down.
  if (error instanceof Error && error.message.includes('enableOfflineQueue'))
    return 'not connected';
  if (error instanceof Error)
    return (error as NodeJS.ErrnoException).code ?? error.message.replace(/\.$/, '');
  return String(error);
}

// A script's own error (a bug), unlike a connection that failed.
function isReplyError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ReplyError';
}

function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}
