// The shared store's cost: valid creates (the store's hot path) from 10 connections against one
// replica in memory, one replica on Redis, and two replicas sharing that Redis (5 connections
// each). `npm run bench:redis`; BENCH_DURATION seconds per cell (default 5); BENCH_REDIS_CLUSTER=1
// runs them on a Redis Cluster of three masters instead of one Redis. Needs redis-server on the PATH. Prints the figures, the Redis commands per request, the CPU each side spends per
// request, and from those an estimate for N replicas on N machines (see docs/redis.md).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { startRedisCluster } from '../test/support/redis-cluster.ts';
import { startRedis } from '../test/support/redis-server.ts';
import { buildDist } from './build-dist.ts';
import { loadCell, type CellResult } from './load-cell.ts';
import { validCreate } from './request-kinds.ts';
import { killAllServers, startServer, type BenchServer } from './spawn-server.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const durationSec = Number(process.env.BENCH_DURATION ?? 5);
const connections = 10;
const clockTicks = 100;

function launch(name: string, store: string) {
  return startServer({
    name,
    cwd: root,
    args: ['dist/cli/main.js', '--port', '0', '--host', '127.0.0.1', '--store', store],
  });
}

/** User plus system CPU seconds of a process so far, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / clockTicks;
}

// Summed over the nodes (a cluster's three; the mock's keys are on one of them).
async function redisCounters(
  clients: readonly Redis[],
): Promise<{ calls: number; scripts: number; cpu: number }> {
  const counts = await Promise.all(clients.map((client) => nodeCounters(client)));
  return counts.reduce((sum, each) => ({
    calls: sum.calls + each.calls,
    scripts: sum.scripts + each.scripts,
    cpu: sum.cpu + each.cpu,
  }));
}

async function nodeCounters(
  client: Redis,
): Promise<{ calls: number; scripts: number; cpu: number }> {
  const stats = await client.info('commandstats');
  const calls = [...stats.matchAll(/calls=(\d+)/g)].reduce((sum, [, n]) => sum + Number(n), 0);
  // What the mock sends: scripts (the commands inside them count in `calls` too).
  const scripts = [...stats.matchAll(/cmdstat_eval(?:sha)?:calls=(\d+)/g)].reduce(
    (sum, [, n]) => sum + Number(n),
    0,
  );
  const cpu = await client.info('cpu');
  const seconds = (name: string): number => Number(new RegExp(`${name}:([\\d.]+)`).exec(cpu)?.[1]);
  return { calls, scripts, cpu: seconds('used_cpu_user') + seconds('used_cpu_sys') };
}

interface Row {
  name: string;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  unexpected: number;
  mockCpuUsPerRequest: number;
  redisCommandsPerRequest?: number;
  redisScriptCallsPerRequest?: number;
  redisCpuUsPerRequest?: number;
}

async function measure(name: string, servers: BenchServer[], redis?: Redis[]): Promise<Row> {
  // Warm up, then load every server at once, splitting the connections.
  await Promise.all(
    servers.map((server) =>
      loadCell({ ...server, kind: validCreate, connections: 2, length: { amount: 500 } }),
    ),
  );
  const cpuBefore = servers.map((server) => cpuSeconds(server.pid));
  const redisBefore = redis === undefined ? undefined : await redisCounters(redis);
  const cells: CellResult[] = await Promise.all(
    servers.map((server) =>
      loadCell({
        ...server,
        kind: validCreate,
        connections: connections / servers.length,
        length: { durationSec },
      }),
    ),
  );
  const responses = cells.reduce((sum, cell) => sum + cell.responses, 0);
  const mockCpu = servers.reduce(
    (sum, server, i) => sum + cpuSeconds(server.pid) - (cpuBefore[i] as number),
    0,
  );
  const row: Row = {
    name,
    rps: Math.round(cells.reduce((sum, cell) => sum + cell.rps, 0)),
    p50Ms: Math.max(...cells.map((cell) => cell.p50Ms)),
    p99Ms: Math.max(...cells.map((cell) => cell.p99Ms)),
    unexpected: cells.reduce((sum, cell) => sum + cell.unexpected, 0),
    mockCpuUsPerRequest: Math.round((mockCpu / responses) * 1e6),
  };
  if (redis !== undefined && redisBefore !== undefined) {
    const after = await redisCounters(redis);
    // INFO itself is a command or two: negligible against thousands of requests.
    row.redisCommandsPerRequest = Number(
      ((after.calls - redisBefore.calls) / responses).toFixed(2),
    );
    row.redisScriptCallsPerRequest = Number(
      ((after.scripts - redisBefore.scripts) / responses).toFixed(2),
    );
    row.redisCpuUsPerRequest = Math.round(((after.cpu - redisBefore.cpu) / responses) * 1e6);
  }
  return row;
}

async function main(): Promise<void> {
  buildDist(root);
  const cluster = process.env.BENCH_REDIS_CLUSTER !== undefined;
  const redisServer = cluster ? await startRedisCluster() : await startRedis();
  const client = cluster
    ? redisServer.url
        .slice('redis-cluster://'.length)
        .split(',')
        .map((node) => new Redis(Number(node.split(':')[1])))
    : [new Redis(redisServer.url)];
  const rows: Row[] = [];
  try {
    const memory = await launch('memory', 'memory');
    rows.push(await measure('1 replica, memory', [memory]));
    await memory.stop();
    const one = await launch('redis', redisServer.url);
    rows.push(await measure('1 replica, Redis', [one], client));
    const two = await launch('redis 2', redisServer.url);
    rows.push(await measure('2 replicas, one Redis', [one, two], client));
    await Promise.all([one.stop(), two.stop()]);
  } finally {
    for (const each of client) each.disconnect();
    await redisServer.stop();
    killAllServers();
  }
  console.table(rows);
  const [inMemory, onRedis] = rows as [Row, Row, Row];
  console.log(
    `Redis against memory: ${(onRedis.rps / inMemory.rps).toFixed(2)}x the throughput, p99 ${onRedis.p99Ms} ms at ${connections} connections.`,
  );
  // Each replica on its own machine is bound by its own CPU; Redis (one thread) by its CPU per request.
  const perReplica = Math.round(1e6 / onRedis.mockCpuUsPerRequest);
  const redisCeiling = Math.round(1e6 / Math.max(onRedis.redisCpuUsPerRequest ?? 1, 1));
  console.log(
    `Estimate for N replicas on N machines: min(N x ${perReplica}, ${redisCeiling}) creates/s (one core per replica; Redis on a core of its own).`,
  );
}

await main();
