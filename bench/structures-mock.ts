// A hand-written structure measured where a user sees it: the mock as built from src/ (A) against
// the same mock with the structure replaced by its simplest alternative (B, a patch in
// bench/variants/ or any .patch file), both running at once, under valid creates from 10 connections as fast as
// they answer, in cells that alternate A and B (ABBA...). With `--client`, every cell has an
// inspector open on the mock it measures: a plain SSE reader of every entry (`sse`) or the page in
// Chromium (`page`). Prints each cell, then medians and ranges: requests a second, the mock's CPU
// per request (/proc utime + stime, steadier than requests a second on a shared machine) and its
// peak RSS.
//   node bench/structures-mock.ts --variant /tmp/my-change.patch
//   node bench/structures-mock.ts --variant event-hub-unbatched --client page --rounds 4
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildDist } from './build-dist.ts';
import { cellCounts, cellFlags } from './cell-flags.ts';
import { createsCell } from './creates-cell.ts';
import { plantStoreMock } from './contenders.ts';
import { openPage, openSse, type OpenClient } from './open-inspector.ts';
import { killAllServers, startServer, type BenchServer } from './spawn-server.ts';

const { values } = parseArgs({
  options: {
    ...cellFlags('5', '3'),
    variant: { type: 'string' },
    client: { type: 'string', default: 'none' },
  },
});
const { seconds, rounds, connections } = cellCounts(values);
const client = values.client;
if (!['none', 'sse', 'page'].includes(client)) throw new Error(`Unknown --client ${client}.`);
const root = fileURLToPath(new URL('..', import.meta.url));
// A name in bench/variants/, or the path of a patch of one's own (an audit under way).
const patch = values.variant?.endsWith('.patch')
  ? resolve(values.variant)
  : join(root, 'bench', 'variants', `${values.variant ?? ''}.patch`);
if (values.variant === undefined || !existsSync(patch)) {
  throw new Error(
    `Failed to find the variant: ${patch} is missing. Make sure --variant names a patch in bench/variants/ or a .patch file.`,
  );
}

// A copy of the sources (patched for B), built as `npm run build` builds them.
function buildCopy(label: string, patchFile?: string): string {
  const dir = mkdtempSync(join(tmpdir(), `mock-${label}-`));
  for (const part of ['src', 'scripts', 'package.json', 'openapi.yaml', 'tsconfig.json'])
    cpSync(join(root, part), join(dir, part), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  if (patchFile !== undefined) execFileSync('git', ['apply', patchFile], { cwd: dir });
  buildDist(dir);
  execFileSync(process.execPath, ['scripts/build-inspector.ts'], { cwd: dir, stdio: 'inherit' });
  return dir;
}

interface Cell {
  rps: number;
  cpuMicrosPerRequest: number;
  peakRssMb: number;
  clientCpuMsPerSec: number;
}

async function measureCell(server: BenchServer): Promise<Cell> {
  const open: OpenClient | undefined =
    client === 'page'
      ? await openPage(server)
      : client === 'sse'
        ? await openSse(server, false)
        : undefined;
  try {
    const clientBefore = (await open?.cpuMs()) ?? 0;
    const { cell, cpuMs } = await createsCell(server, { connections, seconds });
    const clientCpuMs = ((await open?.cpuMs()) ?? 0) - clientBefore;
    if (cell.unexpected > 0) throw new Error(`${String(cell.unexpected)} unexpected answers`);
    return {
      rps: cell.rps,
      cpuMicrosPerRequest: (cpuMs * 1000) / Math.max(1, cell.responses),
      peakRssMb: cell.peakRssMb ?? 0,
      clientCpuMsPerSec: clientCpuMs / cell.elapsedSec,
    };
  } finally {
    await open?.close();
  }
}

const median = (list: readonly number[]): number => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
const range = (list: readonly number[], digits = 0): string =>
  `${median(list).toFixed(digits)} (${Math.min(...list).toFixed(digits)}-${Math.max(...list).toFixed(digits)})`;

const dirs: string[] = [];
process.on('exit', () => {
  killAllServers();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
dirs.push(buildCopy('A'), buildCopy('B', patch));
const servers: BenchServer[] = [];
for (const dir of dirs)
  servers.push(await startServer(await plantStoreMock('stateful', dir).launch()));
const cells: Record<'A' | 'B', Cell[]> = { A: [], B: [] };
try {
  // A warm-up for each: the first seconds of a fresh process are slower.
  for (const server of servers) await createsCell(server, { connections, seconds: 2 });
  console.log(
    `${values.variant}: valid creates, ${String(connections)} connections, client ${client}, ${String(rounds)} rounds of ${String(seconds)} s cells`,
  );
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const);
    for (const variant of order) {
      const cell = await measureCell(servers[variant === 'A' ? 0 : 1] as BenchServer);
      cells[variant].push(cell);
      console.log(
        `  ${variant}: ${String(Math.round(cell.rps))} req/s, ${cell.cpuMicrosPerRequest.toFixed(1)} µs CPU per request, peak RSS ${cell.peakRssMb.toFixed(0)} MiB, client ${cell.clientCpuMsPerSec.toFixed(0)} ms CPU a second`,
      );
    }
  }
} finally {
  for (const server of servers) await server.stop();
}
for (const variant of ['A', 'B'] as const) {
  const own = cells[variant];
  console.log(
    `${variant}: req/s ${range(own.map((c) => c.rps))}; µs CPU per request ${range(
      own.map((c) => c.cpuMicrosPerRequest),
      1,
    )}; peak RSS MiB ${range(own.map((c) => c.peakRssMb))}; client ms CPU a second ${range(own.map((c) => c.clientCpuMsPerSec))}`,
  );
}
const rpsGain = median(cells.A.map((c) => c.rps)) / median(cells.B.map((c) => c.rps)) - 1;
const cpuSaved =
  1 -
  median(cells.A.map((c) => c.cpuMicrosPerRequest)) /
    median(cells.B.map((c) => c.cpuMicrosPerRequest));
console.log(
  `A against B: throughput ${(rpsGain * 100).toFixed(1)} %, CPU per request ${(-cpuSaved * 100).toFixed(1)} % (bar: keep A for >= +20 % throughput or >= 25 % less memory)`,
);
