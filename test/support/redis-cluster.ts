import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ended, freePort, launch, startRedis, type TestRedis } from './redis-server.ts';

const run = promisify(execFile);
const nodeCount = 3;

/**
 * Starts a Redis Cluster of three masters (no replicas, no persistence) on free loopback ports,
 * and resolves once `cluster info` says `cluster_state:ok` on every node. `restart` starts the
 * nodes again empty, from the cluster configuration they wrote, so they form the same cluster.
 *
 * @example
 * const cluster = await startRedisCluster();
 * const mock = await startMockServer({ port: 0, store: cluster.url });
 */
export async function startRedisCluster(): Promise<TestRedis> {
  const ports: number[] = [];
  for (let i = 0; i < nodeCount; i++) ports.push(await freePort());
  const dir = await mkdtemp(join(tmpdir(), 'redis-cluster-'));
  const start = () =>
    Promise.all(
      ports.map((port) =>
        launch(port, [
          '--cluster-enabled',
          'yes',
          '--cluster-config-file',
          join(dir, `nodes-${port}.conf`),
          '--dir',
          dir,
        ]),
      ),
    );
  let children = await start();
  await run('redis-cli', [
    '--cluster',
    'create',
    ...ports.map((port) => `127.0.0.1:${port}`),
    '--cluster-replicas',
    '0',
    '--cluster-yes',
  ]);
  await clusterReady(ports);
  const signal = (name: NodeJS.Signals) => {
    for (const child of children) child.kill(name);
  };
  return {
    url: `redis-cluster://${ports.map((port) => `127.0.0.1:${port}`).join(',')}`,
    port: ports[0] as number,
    async kill() {
      await Promise.all(children.map((child) => ended(child, 'SIGKILL')));
    },
    pause() {
      signal('SIGSTOP');
    },
    resume() {
      signal('SIGCONT');
    },
    async restart() {
      children = await start();
      await clusterReady(ports);
    },
    async stop() {
      await Promise.all(children.map((child) => ended(child, 'SIGTERM')));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

// Polls `cluster info` on every node (every 100 ms, for 30 s at most) until each says ok.
async function clusterReady(ports: readonly number[]): Promise<void> {
  const deadline = performance.now() + 30_000;
  for (;;) {
    const states = await Promise.all(
      ports.map(async (port) => {
        const { stdout } = await run('redis-cli', ['-p', String(port), 'cluster', 'info']);
        return stdout.includes('cluster_state:ok');
      }),
    );
    if (states.every(Boolean)) return;
    if (performance.now() > deadline) throw new Error('The Redis Cluster was not ok within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The kinds of Redis the shared state runs on: the Redis tests run once on each. */
export const redisKinds = [
  { kind: 'one Redis', start: startRedis },
  { kind: 'a Redis Cluster', start: startRedisCluster },
];
