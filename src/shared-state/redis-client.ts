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
 * A client of the Redis or Redis Cluster at `url`, not connected yet (`connect()`), with the
 * options above (for a cluster: of each node's connection, and of the cluster's reconnection).
 *
 * @example
 * const client = createRedisClient('redis-cluster://127.0.0.1:7000');
 * await client.connect();
 */
function createRedisClient(url: string): RedisClient {
  const cluster = clusterUrl(url);
  if (cluster === undefined) return new Redis(url, clientOptions);
  const { retryStrategy, enableOfflineQueue, enableAutoPipelining, lazyConnect, ...node } =
    clientOptions;
  const { username, password } = cluster;
  return new Cluster(cluster.nodes, {
    lazyConnect,
    enableOfflineQueue,
    enableAutoPipelining,
    clusterRetryStrategy: retryStrategy,
    redisOptions: {
      ...node,
      ...(username === undefined ? {} : { username, password }),
      ...(cluster.tls ? { tls: {} } : {}),
    },
  });
}

/**
 * A client connected to `url`, `prepare`d (the scripts loaded); throws a ConfigError (exit 2)
 * when it does not answer within connectTimeout, or is too old.
 */
export async function connectClient(
  url: string,
  name: string,
  prepare: (client: RedisClient) => Promise<void>,
): Promise<RedisClient> {
  const client = createRedisClient(url);
  let lastError: unknown;
  client.on('error', (error) => {
    // Said once by the connection's 'close'; ioredis repeats it for each reconnection attempt.
    lastError = error;
  });
  try {
    await client.connect();
    await prepare(client);
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

/**
 * Calls `onLost` when the cluster's connection to the master of `key`'s slot goes: the cluster
 * stays connected through its other nodes, but that node (the mock's state) is away, and may come
 * back empty.
 */
export async function onSlotNodeLost(
  cluster: Cluster,
  key: string,
  onLost: () => void,
): Promise<void> {
  const slot = await cluster.cluster('KEYSLOT', key);
  cluster.on('-node', (node: Redis) => {
    const master = cluster.slots[slot]?.[0];
    if (master === undefined || master === `${node.options.host}:${node.options.port}`) onLost();
  });
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

/** Why a command or connection failed, in a few words (an error code where there is one). */
export function reasonOf(error: unknown): string {
  // A cluster's words when no node answered (it does not say why).
  if (error instanceof Error && error.name === 'ClusterAllFailedError')
    return 'no node of the cluster answered';
  // ioredis's words for a command sent while the connection is down.
  if (error instanceof Error && error.message.includes('enableOfflineQueue'))
    return 'not connected';
  if (error instanceof Error)
    return (error as NodeJS.ErrnoException).code ?? error.message.replace(/\.$/, '');
  return String(error);
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
