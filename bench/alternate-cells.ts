import { loadCell, type CellLength, type CellResult } from './load-cell.ts';
import { pacedCell } from './paced-cell.ts';
import { processCpuMs } from './process-cpu.ts';
import type { RequestKind } from './request-kinds.ts';
import type { BenchServer } from './spawn-server.ts';

/** What every server runs: each kind at each connection count, `rounds` times. */
export interface CellPlan {
  kinds: readonly RequestKind[];
  connections: readonly number[];
  rounds: number;
  length: CellLength;
  /** Requests a second, evenly spaced (see pacedCell); as fast as each server goes without. */
  rate?: number;
}

/**
 * Runs every cell of `plan` on every server, the servers one after the other within a cell and
 * the cells again each round, so that a machine shared with other work weighs on all servers
 * alike; the first server of a cell changes every round. Resolves with each server's cells, each
 * the median of its rounds (see medianCell), by server name.
 *
 * @example
 * const cells = await alternateCells(servers, { kinds: requestKinds, connections: [10], rounds: 3, length: { durationSec: 2 } });
 */
export async function alternateCells(
  servers: readonly BenchServer[],
  plan: CellPlan,
  onCell: (server: BenchServer, cell: CellResult, round: number) => void = () => undefined,
): Promise<Map<string, CellResult[]>> {
  const rounds = new Map<string, CellResult[][]>(servers.map((server) => [server.name, []]));
  for (let round = 0; round < plan.rounds; round++) {
    for (const [at, connections] of plan.connections.entries()) {
      for (const [index, kind] of plan.kinds.entries()) {
        const first = (round + at + index) % servers.length;
        const order = [...servers.slice(first), ...servers.slice(0, first)];
        for (const server of order) {
          const cpuBefore = await processCpuMs(server.pid);
          const cell = await runCell(server, kind, connections, plan);
          const cpuMs = (await processCpuMs(server.pid)) - cpuBefore;
          cell.cpuUsPerResponse = Math.round((cpuMs * 1_000) / Math.max(1, cell.responses));
          onCell(server, cell, round);
          const cells = rounds.get(server.name) ?? [];
          const slot = at * plan.kinds.length + index;
          cells[slot] = [...(cells[slot] ?? []), cell];
          rounds.set(server.name, cells);
        }
      }
    }
  }
  return new Map([...rounds].map(([name, slots]) => [name, slots.map(medianCell)]));
}

function runCell(
  server: BenchServer,
  kind: RequestKind,
  connections: number,
  { length, rate }: CellPlan,
): Promise<CellResult> {
  if (rate === undefined) return loadCell({ ...server, kind, connections, length });
  const durationSec = 'durationSec' in length ? length.durationSec : length.amount / rate;
  return pacedCell({ ...server, kind, connections, rate, durationSec });
}

/**
 * One cell from several rounds of it: the round of median req/s, with the median p50, p99 and
 * server CPU per response, the highest RSS, and every round's unexpected answers, errors and
 * timeouts.
 *
 * @example
 * medianCell([a, b, c]).rps; // the middle of a.rps, b.rps, c.rps
 */
export function medianCell(cells: readonly CellResult[]): CellResult {
  const byRps = [...cells].sort((a, b) => a.rps - b.rps);
  const middle = byRps[Math.floor((byRps.length - 1) / 2)];
  if (middle === undefined) throw new Error('Failed to take a median cell: no rounds.');
  const sum = (pick: (cell: CellResult) => number): number =>
    cells.reduce((total, cell) => total + pick(cell), 0);
  const rss = cells.flatMap((cell) => (cell.peakRssMb === null ? [] : [cell.peakRssMb]));
  return {
    ...middle,
    p50Ms: median(cells.map((cell) => cell.p50Ms)),
    p99Ms: median(cells.map((cell) => cell.p99Ms)),
    errors: sum((cell) => cell.errors),
    timeouts: sum((cell) => cell.timeouts),
    unexpectedStatus: sum((cell) => cell.unexpectedStatus),
    unexpected: sum((cell) => cell.unexpected),
    unexpectedSamples: cells.flatMap((cell) => cell.unexpectedSamples).slice(0, 3),
    peakRssMb: rss.length === 0 ? null : Math.max(...rss),
    cpuUsPerResponse: median(cells.map((cell) => cell.cpuUsPerResponse ?? 0)),
  };
}

/** The lower middle of some figures; 0 when there are none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}
