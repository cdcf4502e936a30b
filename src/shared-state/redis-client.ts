import { createHash } from 'node:crypto';
import { Cluster, Redis, type RedisOptions } from 'ioredis';
import { ConfigError } from '../errors.ts';

/** A single Redis or a Redis Cluster: the commands the shared state sends are the same. */
export type RedisClient = Redis | Cluster;

const clusterScheme = /^(rediss?)-cluster:\/\//;

/**
 * The nodes, credentials and TLS of a `redis-cluster://[[USER]:PASSWORD@]HOST:PORT[,HOST:PORT...]`
 * URL (`rediss-cluster://` for TLS); undefined for any other URL.
 *
 * @example
 * clusterUrl('redis-cluster://10.0.0.1:7000,10.0.0.2:7000');
 * // { nodes: [{ host: '10.0.0.1', port: 7000 }, { host: '10.0.0.2', port: 7000 }], tls: false }
 */
export function clusterUrl(url: string) {
  const scheme = clusterScheme.exec(url);
  if (scheme === null) return undefined;
  const rest = url.slice(scheme[0].length).replace(/\/.*$/, '');
  const at = rest.lastIndexOf('@');
  const credentials = at === -1 ? undefined : rest.slice(0, at);
  const colon = credentials?.indexOf(':') ?? -1;
  const nodes = rest
    .slice(at + 1)
    .split(',')
    .map((node) => {
      const [, host = '', port = '6379'] = /^\[?([^\]]*?)\]?(?::(\d+))?$/.exec(node) ?? [];
      return { host, port: Number(port) };
    });
  return {
    nodes,
    tls: scheme[1] === 'rediss',
    ...(credentials === undefined
      ? {}
      : {
          username: decodeURIComponent(colon === -1 ? '' : credentials.slice(0, colon)),
          password: decodeURIComponent(credentials.slice(colon + 1)),
        }),
  };
}

// Commands fail at once while Redis is away (no queue), and the client reconnects for ever. A
// Redis that does not answer at start fails it after connectTimeout.
const clientOptions = {
  lazyConnect: true,
  enableOfflineQueue: false,
  // Off: the hot path's writes are batched here (batchedScript); see docs/redis.md.
  enableAutoPipelining: false,
  maxRetriesPerRequest: 0,
  connectTimeout: 2_000,
  // A Redis that stops answering without closing the connection must not hold requests for ever:
  // a command past this answers 503, and TCP keep-alive notices the dead connection.
  commandTimeout: 5_000,
  keepAlive: 1_000,
  // Reconnect for ever, every 50 ms at first and at most every 500 ms.
  retryStrategy: (times: number) => Math.min(times * 50, 500),
} satisfies RedisOptions;

/**
 * A client connected to `url` (a Redis, or a Redis Cluster: with the options above for each node's
 * connection and for the cluster's reconnection), its scripts loaded; throws a ConfigError (exit 2)
 * when it does not answer within connectTimeout, or is too old.
 *
 * @example
 * const client = await connectClient('redis-cluster://127.0.0.1:7000', 'redis-cluster://...');
 */
export async function connectClient(url: string, name: string): Promise<RedisClient> {
  const cluster = clusterUrl(url);
  const { retryStrategy, enableOfflineQueue, enableAutoPipelining, lazyConnect, ...node } =
    clientOptions;
  const client =
    cluster === undefined
      ? new Redis(url, clientOptions)
      : new Cluster(cluster.nodes, {
          lazyConnect,
          enableOfflineQueue,
          enableAutoPipelining,
          clusterRetryStrategy: retryStrategy,
          redisOptions: {
            ...node,
            ...(cluster.username === undefined
              ? {}
              : { username: cluster.username, password: cluster.password }),
            ...(cluster.tls ? { tls: {} } : {}),
          },
        });
  let lastError: unknown;
  client.on('error', (error) => {
    // Said once by the connection's 'close'; ioredis repeats it for each reconnection attempt.
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
  return client;
}

/** The client's connections that commands go through: one, or each master of a cluster. */
export function connectionsOf(client: RedisClient): Redis[] {
  return client instanceof Cluster ? client.nodes('master') : [client];
}

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

// On every master of a cluster: the mock's keys are on one of them, which may change.
export async function loadScripts(client: RedisClient): Promise<void> {
  await Promise.all(
    connectionsOf(client).flatMap((node) =>
      scripts.map((script) => node.script('LOAD', script.lua)),
    ),
  );
}

/** The store's URL as the user gave it, without a password, for messages. */
export function withoutPassword(url: string): string {
  if (clusterScheme.test(url)) return url.replace(/(\/\/[^@/:]*:)[^@/]*@/, '$1***@');
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

/**
 * Why a Redis of this `INFO server` text is too old for the mock's scripts; undefined when it is
 * not (or when it does not say its version). The scripts need 6.2 (`LPOP key count`).
 *
 * @example
 * redisVersionProblem('redis_version:6.0.16\r\n'); // 'Redis 6.0.16 is too old: ...'
 */
export function redisVersionProblem(info: string): string | undefined {
  const version = /^redis_version:((\d+)\.(\d+)\S*)/m.exec(info);
  if (version === null) return undefined;
  const [major, minor] = [Number(version[2]), Number(version[3])];
  if (major > 6 || (major === 6 && minor >= 2)) return undefined;
  return `Redis ${version[1] ?? ''} is too old: the mock needs Redis 6.2 or later. Make sure to run a newer Redis there, or start the mock with --store memory.`;
}

/** Why a command or connection failed, in a few words (an error code where there is one). */
export function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // A cluster's words when no node answered (it does not say why).
  if (error.name === 'ClusterAllFailedError') return 'no node of the cluster answered';
  // ioredis's words for a command sent while the connection is down.
  if (error.message.includes('enableOfflineQueue')) return 'not connected';
  return (error as NodeJS.ErrnoException).code ?? error.message.replace(/\.$/, '');
}

// A script's own error (a bug), unlike a connection that failed or a cluster not serving the
// mock's slot now (down, or moving it).
export function isReplyError(error: unknown): boolean {
  return (
    error instanceof Error &&
    error.name === 'ReplyError' &&
    !/^(CLUSTERDOWN|TRYAGAIN|MOVED|ASK|LOADING|MASTERDOWN)/.test(error.message)
  );
}
