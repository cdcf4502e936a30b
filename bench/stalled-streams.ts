// The mock under creates with 15 KB names while many clients hold GET /__admin/events?session=*
// open and never read: throughput against the same load without them, the mock's RSS peak
// beside its printed memory bound, the longest the event loop was held, and health latency.
// Cells alternate, without and with a fresh set of clients, and the figures are their medians.
//   node bench/stalled-streams.ts                   600 clients, 20 connections, 2 rounds of 5 s cells
//   node bench/stalled-streams.ts --clients 300 --seconds 3 --rounds 1
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { memoryBound } from '../src/config/memory-model.ts';
import { resolveConfig } from '../src/config/resolve-config.ts';
import { openStalledStream, type StalledStream } from '../test/support/stalled-stream.ts';
import { loadCell, type CellResult } from './load-cell.ts';
import { processCpuMs } from './process-cpu.ts';
import { nextPlantId, validCreate, type RequestKind } from './request-kinds.ts';
import { killAllServers, startServer, type BenchServer } from './spawn-server.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '600' },
    connections: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '2' },
    'name-bytes': { type: 'string', default: '15000' },
    'journal-limit': { type: 'string', default: '200' },
  },
});
const clients = Math.min(2_000, Math.max(1, Number(values.clients)));
const connections = Math.min(100, Math.max(1, Number(values.connections)));
const seconds = Math.min(60, Math.max(1, Number(values.seconds)));
const rounds = Math.min(10, Math.max(1, Number(values.rounds)));
const nameBytes = Math.min(1_000_000, Math.max(1, Number(values['name-bytes'])));
const journalLimit = Math.max(1, Number(values['journal-limit']));

const bigCreate: RequestKind = {
  ...validCreate,
  label: `create with a ${String(nameBytes)}-byte name`,
  body: () => JSON.stringify({ id: nextPlantId(), name: 'x'.repeat(nameBytes) }),
};

/** What one cell measured. */
interface Phase {
  cell: CellResult;
  loopDelayMaxMs: number;
  /** The mock's CPU time per 1,000 creates: steadier than throughput on a busy machine. */
  cpuPerThousandMs: number;
  healthMedianMs: number;
  healthMaxMs: number;
}

const root = fileURLToPath(new URL('..', import.meta.url));
const delayFile = join(tmpdir(), `stalled-streams-${String(process.pid)}.txt`);
process.env.LOOP_DELAY_FILE = delayFile;
process.on('exit', () => {
  killAllServers();
  rmSync(delayFile, { force: true });
});

// The longest event-loop delay the probe wrote from line `from` on.
function loopDelaySince(from: number): { lines: number; maxMs: number } {
  const lines = readFileSync(delayFile, 'utf8').trim().split('\n');
  return { lines: lines.length, maxMs: Math.max(0, ...lines.slice(from).map(Number)) };
}

async function health(server: BenchServer): Promise<{ ms: number; body: unknown }> {
  const started = performance.now();
  const answer = await fetch(`${server.url}/__admin/health`, {
    signal: AbortSignal.timeout(30_000),
  });
  const body: unknown = await answer.json();
  return { ms: performance.now() - started, body };
}

function load(server: BenchServer, durationSec: number): Promise<CellResult> {
  const { url, pid } = server;
  return loadCell({ url, pid, kind: bigCreate, connections, length: { durationSec } });
}

async function phase(server: BenchServer): Promise<Phase> {
  const { lines } = loopDelaySince(0);
  const healthMs: number[] = [];
  const loaded = new AbortController();
  const probes = (async () => {
    while (!loaded.signal.aborted) {
      healthMs.push((await health(server)).ms);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const cpuBefore = await processCpuMs(server.pid);
  const cell = await load(server, seconds);
  const cpuMs = (await processCpuMs(server.pid)) - cpuBefore;
  loaded.abort();
  await probes;
  await new Promise((resolve) => setTimeout(resolve, 300)); // the probe's last line
  return {
    cell,
    loopDelayMaxMs: loopDelaySince(lines).maxMs,
    cpuPerThousandMs: (cpuMs * 1_000) / Math.max(1, cell.responses),
    healthMedianMs: median(healthMs),
    healthMaxMs: Math.max(...healthMs),
  };
}

function median(list: readonly number[]): number {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

// Opens the clients, 50 at a time; resolves with them and how many got each status.
async function openClients(server: BenchServer): Promise<StalledStream[]> {
  const port = Number(new URL(server.url).port);
  const opened: StalledStream[] = [];
  while (opened.length < clients) {
    const batch = Math.min(50, clients - opened.length);
    opened.push(
      ...(await Promise.all(
        Array.from({ length: batch }, () => openStalledStream(port, '/__admin/events?session=*')),
      )),
    );
  }
  return opened;
}

const args = ['--port', '0', '--host', '127.0.0.1', '--journal-limit', String(journalLimit)];
const boundMiB = Math.round(memoryBound(resolveConfig({ journalLimit })).total / 2 ** 20);
const server = await startServer({
  name: 'plant-store-mock',
  args: ['--import', './bench/loop-delay-probe.ts', 'src/cli/main.ts', ...args],
  cwd: root,
});
const stalled: StalledStream[] = [];
const line = (label: string, phases: Phase[]): string => {
  const of = (pick: (p: Phase) => number) => median(phases.map(pick));
  return `${label}: ${of((p) => p.cell.rps).toFixed(0)} creates/s (p99 ${of((p) => p.cell.p99Ms).toFixed(0)} ms, ${String(of((p) => p.cell.unexpected))} unexpected, ${of((p) => p.cpuPerThousandMs).toFixed(0)} ms CPU per 1,000), RSS peak ${String(Math.max(...phases.map((p) => p.cell.peakRssMb ?? 0)))} MiB, event loop held at most ${of((p) => p.loopDelayMaxMs).toFixed(0)} ms, health median ${of((p) => p.healthMedianMs).toFixed(0)} ms, max ${of((p) => p.healthMaxMs).toFixed(0)} ms`;
};
try {
  await load(server, 2); // a warm-up
  const without: Phase[] = [];
  const withStalled: Phase[] = [];
  let statuses = '';
  for (let round = 0; round < rounds; round++) {
    without.push(await phase(server));
    stalled.push(...(await openClients(server)));
    statuses = Object.entries(Object.groupBy(stalled, (s) => String(s.status)))
      .map(([status, list]) => `${String(list?.length)} x ${status}`)
      .join(', ');
    withStalled.push(await phase(server));
    for (const each of stalled.splice(0)) each.socket.destroy();
  }
  console.log(
    `${bigCreate.label}, ${String(connections)} connections, ${String(rounds)} round(s) of ${String(seconds)} s cells, --journal-limit ${String(journalLimit)} (memoryBoundMiB ${String(boundMiB)}); medians of the cells, RSS the highest`,
  );
  console.log(line('without stream clients', without));
  console.log(line(`with ${String(clients)} that never read (${statuses})`, withStalled));
  const { events } = (await health(server)).body as { events?: unknown };
  const rps = (phases: Phase[]) => median(phases.map((p) => p.cell.rps));
  console.log(
    `throughput ${(rps(withStalled) / rps(without)).toFixed(2)}x (cells without: ${without.map((p) => String(p.cell.rps)).join(', ')}; with: ${withStalled.map((p) => String(p.cell.rps)).join(', ')}); health events: ${JSON.stringify(events ?? 'not reported')}`,
  );
} finally {
  for (const each of stalled) each.socket.destroy();
  await server.stop();
}
