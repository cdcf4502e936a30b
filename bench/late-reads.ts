import { request } from 'node:http';
import { alignTable } from './format-table.ts';
import { processCpuMs } from './process-cpu.ts';
import { validHeaders } from './request-kinds.ts';
import type { BenchServer } from './spawn-server.ts';

/** The first and second answer to a read of a contract's last resource, wall and CPU ms. */
export interface LateReads {
  first: number;
  firstCpu: number;
  second: number;
  secondCpu: number;
}

/**
 * A read of the last resource `generateOpenApi` makes for `operations` operations: the router
 * reaches it last, after every pattern it tests before.
 *
 * @example
 * lateReadPath(20_000, true); // '/acme/r9998/7'
 */
export function lateReadPath(operations: number, parameterFirst: boolean): string {
  const last = Math.max(0, Math.floor((operations - 3) / 2));
  return `${parameterFirst ? '/acme' : ''}/r${last}/7`;
}

/** One GET on its own connection; resolves with how long the answer took (ms). */
function getOnce(url: string): Promise<number> {
  const sentAt = performance.now();
  return new Promise((done, fail) => {
    const req = request(url, { agent: false, timeout: 30_000, headers: validHeaders }, (res) => {
      res.resume().once('end', () => {
        done(performance.now() - sentAt);
      });
    });
    req.once('timeout', () => req.destroy(new Error(`No answer from ${url}`)));
    req.once('error', fail).end();
  });
}

/**
 * Times the first and the second read of `path` on a server that has just started, with the
 * server process's CPU time around each (Linux's 10 ms clock ticks).
 *
 * @example
 * const reads = await timeLateReads(server, lateReadPath(20_000, true));
 */
export async function timeLateReads(server: BenchServer, path: string): Promise<LateReads> {
  const cpu0 = await processCpuMs(server.pid);
  const first = await getOnce(`${server.url}${path}`);
  const cpu1 = await processCpuMs(server.pid);
  const second = await getOnce(`${server.url}${path}`);
  const cpu2 = await processCpuMs(server.pid);
  return { first, firstCpu: cpu1 - cpu0, second, secondCpu: cpu2 - cpu1 };
}

/**
 * The late reads' table: per cell, min / median / max of each figure over the rounds.
 *
 * @example
 * process.stdout.write(lateReadsTable(new Map([['CLI, 2,000 ops', [reads]]]), spread));
 */
export function lateReadsTable(
  cells: ReadonlyMap<string, readonly LateReads[]>,
  spread: (xs: number[]) => string,
): string {
  const head = [
    'cell (a read of the last resource)',
    'first answer, ms',
    'its CPU, ms',
    'second answer, ms',
    'its CPU, ms',
  ];
  const rows = [...cells].map(([name, reads]) => [
    name,
    spread(reads.map((r) => r.first)),
    spread(reads.map((r) => r.firstCpu)),
    spread(reads.map((r) => r.second)),
    spread(reads.map((r) => r.secondCpu)),
  ]);
  return `${alignTable(head, rows)}\n`;
}
