import { alternateCells, type CellPlan } from './alternate-cells.ts';
import type { BenchOptions } from './bench-options.ts';
import type { Contender } from './contenders.ts';
import type { ServerCells } from './format-table.ts';
import { loadCell, type CellResult } from './load-cell.ts';
import { validCreate } from './request-kinds.ts';
import { readProcessMemory } from './sample-rss.ts';
import { startServer, type BenchServer } from './spawn-server.ts';

/** One server's figures from a bench run. */
export interface ServerRecord extends ServerCells {
  startupMs: number;
  /** VmHWM after all its cells: the most memory it ever held, MiB. */
  hwmMb: number | null;
}

/** The latency cell: valid creates from 10 connections at a fixed rate, evenly spaced. */
export interface LatencyPlan {
  /** Requests a second over all connections. */
  rate: number;
  durationSec: number;
}

/**
 * Starts every contender, warms each up, then loads them all cell by cell in alternation (see
 * alternateCells), then, with `latency`, the latency cell likewise, and reads each one's peak
 * RSS; every server is stopped at the end.
 *
 * @example
 * const records = await measureServers([bare, stateful], options, console.error);
 */
export async function measureServers(
  contenders: readonly Contender[],
  options: CellPlan & Pick<BenchOptions, 'warmupPerKind'> & { latency?: LatencyPlan },
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
    const onCell = (server: BenchServer, cell: CellResult, round: number): void => {
      const rate = cell.offeredRate === undefined ? '' : ` at ${cell.offeredRate}/s`;
      progress(
        `round ${round + 1}/${options.rounds} ${server.name}: ${cell.kind} x${cell.connections}${rate}: ${cell.rps} req/s, p99 ${cell.p99Ms} ms, CPU ${cell.cpuUsPerResponse} µs/req, ${cell.unexpected} unexpected`,
      );
    };
    const cells = await alternateCells(servers, options, onCell);
    const { latency } = options;
    const paced =
      latency === undefined
        ? new Map<string, CellResult[]>()
        : await alternateCells(
            servers,
            {
              kinds: [validCreate],
              connections: [10],
              rounds: options.rounds,
              length: { durationSec: latency.durationSec },
              rate: latency.rate,
            },
            onCell,
          );
    const records: ServerRecord[] = [];
    for (const [index, server] of servers.entries()) {
      const contender = contenders[index] as Contender;
      records.push({
        name: contender.name,
        prismPeer: contender.prismPeer,
        startupMs: Math.round(server.startupMs),
        hwmMb: (await readProcessMemory(server.pid)).hwmMb,
        cells: [...(cells.get(server.name) ?? []), ...(paced.get(server.name) ?? [])],
      });
    }
    return records;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}
