import { alternateCells, type CellPlan } from './alternate-cells.ts';
import type { BenchOptions } from './bench-options.ts';
import type { Contender } from './contenders.ts';
import type { ServerCells } from './format-table.ts';
import { loadCell } from './load-cell.ts';
import { readProcessMemory } from './sample-rss.ts';
import { startServer, type BenchServer } from './spawn-server.ts';

/** One server's figures from a bench run. */
export interface ServerRecord extends ServerCells {
  startupMs: number;
  /** VmHWM after all its cells: the most memory it ever held, MiB. */
  hwmMb: number | null;
}

/**
 * Starts every contender, warms each up, then loads them all cell by cell in alternation (see
 * alternateCells) and reads each one's peak RSS; every server is stopped at the end.
 *
 * @example
 * const records = await measureServers([bare, stateful], options, console.error);
 */
export async function measureServers(
  contenders: readonly Contender[],
  options: CellPlan & Pick<BenchOptions, 'warmupPerKind'>,
  progress: (message: string) => void,
): Promise<ServerRecord[]> {
  const servers: BenchServer[] = [];
  try {
    for (const contender of contenders) {
      const server = await startServer(await contender.launch());
      progress(`${contender.name}: up at ${server.url} in ${Math.round(server.startupMs)} ms`);
      servers.push(server);
    }
    const warmup = options.warmupPerKind;
    if (warmup !== null) {
      for (const server of servers) {
        for (const kind of options.kinds) {
          await loadCell({ ...server, kind, connections: 10, length: warmup });
        }
      }
    }
    const cells = await alternateCells(servers, options, (server, cell, round) => {
      progress(
        `round ${round + 1}/${options.rounds} ${server.name}: ${cell.kind} x${cell.connections}: ${cell.rps} req/s, p99 ${cell.p99Ms} ms, CPU ${cell.cpuUsPerResponse} µs/req, ${cell.unexpected} unexpected`,
      );
    });
    const records: ServerRecord[] = [];
    for (const [index, server] of servers.entries()) {
      const contender = contenders[index] as Contender;
      records.push({
        name: contender.name,
        prismPeer: contender.prismPeer,
        startupMs: Math.round(server.startupMs),
        hwmMb: (await readProcessMemory(server.pid)).hwmMb,
        cells: cells.get(server.name) ?? [],
      });
    }
    return records;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}
