import { spawnCli, type CliProcess } from './spawn-cli.ts';

/** A mock process with `--store` on a test's Redis, as one replica behind a load balancer. */
export interface Replica {
  url: string;
  adminUrl: string;
  cli: CliProcess;
}

/**
 * Starts a replica of the CLI on `store` under `prefix` (any further CLI arguments after).
 *
 * @example
 * const a = await startReplica(redis.url, `replicas-${process.pid}`);
 */
export async function startReplica(
  store: string,
  prefix: string,
  args: readonly string[] = [],
): Promise<Replica> {
  const cli = await spawnCli(['--store', store, '--store-prefix', prefix, ...args]);
  return { url: cli.url, adminUrl: `${cli.url}/__admin`, cli };
}

/** Stops replicas with SIGTERM, as an orchestrator would, and waits for them to exit. */
export async function stopReplicas(replicas: readonly Replica[]): Promise<void> {
  for (const replica of replicas) {
    replica.cli.child.kill('SIGTERM');
    await replica.cli.exited;
  }
}
