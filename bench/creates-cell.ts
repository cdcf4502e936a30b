import { loadCell, type CellResult } from './load-cell.ts';
import { processCpuMs } from './process-cpu.ts';
import { validCreate } from './request-kinds.ts';
import type { BenchServer } from './spawn-server.ts';

/**
 * A cell of valid creates against a running server, and the server's CPU time (user + system,
 * ms) while it ran. As fast as the server answers, or at `rate` requests a second.
 *
 * @example
 * const { cell, cpuMs } = await createsCell(server, { connections: 10, seconds: 5 });
 */
export async function createsCell(
  server: BenchServer,
  options: { connections: number; seconds: number; rate?: number },
): Promise<{ cell: CellResult; cpuMs: number }> {
  const cpuBefore = await processCpuMs(server.pid);
  const cell = await loadCell({
    url: server.url,
    pid: server.pid,
    kind: validCreate,
    connections: options.connections,
    length: { durationSec: options.seconds },
    ...(options.rate === undefined ? {} : { rate: options.rate }),
  });
  return { cell, cpuMs: (await processCpuMs(server.pid)) - cpuBefore };
}
