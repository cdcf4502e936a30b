// Benchmarks plant-store-mock against `prism mock`, a bare Express + ajv server and a bare
// node:http one, all as child processes of this Node on 127.0.0.1, the servers in alternation
// within every cell, then a latency cell (valid creates at 1,000 a second, evenly spaced) likewise.
// `npm run bench` for the full run (BENCH_ROUNDS rounds, default 3, of
// BENCH_DURATION seconds per cell, default 2; BENCH_AMOUNT requests instead); `--smoke` (or
// BENCH_SMOKE=1) for CI; BENCH_COMPARE=DIR adds another checkout's build as `before` rows. A full
// run ends with the shared store's figures (bench/redis-bench.ts) when redis-server is installed.
// Prints one table and writes every figure to bench/results/latest.json (gitignored), or to the
// committed bench/results.json with --save, or to --out PATH.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configSchema } from '../src/config/config-schema.ts';
import { buildDist } from './build-dist.ts';
import {
  BenchOptionsError,
  benchPaths,
  readBenchOptions,
  type BenchOptions,
} from './bench-options.ts';
import {
  bareHttpServer,
  expressAjvBaseline,
  plantStoreMock,
  prismMock,
  type Contender,
} from './contenders.ts';
import { describeRun, loadAverages } from './describe-run.ts';
import { describeSource } from './describe-source.ts';
import { formatTable } from './format-table.ts';
import { loadCell } from './load-cell.ts';
import { measureServers } from './measure-servers.ts';
import { requestKinds, validCreate } from './request-kinds.ts';
import { readProcessMemory } from './sample-rss.ts';
import { killAllServers, startServer } from './spawn-server.ts';
import { throughputTargets } from './throughput-targets.ts';

const root = fileURLToPath(new URL('../', import.meta.url));

function progress(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

/** Start-up times of fresh servers, one at a time, before any server is under load. */
async function measureStartup(contender: Contender, runs: number) {
  const runsMs: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const server = await startServer(await contender.launch());
    runsMs.push(Math.round(server.startupMs));
    await server.stop();
  }
  const sorted = [...runsMs].sort((a, b) => a - b);
  return { medianMs: sorted[Math.floor(sorted.length / 2)] ?? 0, runsMs };
}

/** RSS of a fresh stateful server once it has taken `requests` valid creates. */
async function measureRssAfterCreates(requests: number) {
  const server = await startServer(await plantStoreMock('stateful', root).launch());
  try {
    const length = { amount: requests };
    const cell = await loadCell({ ...server, kind: validCreate, connections: 10, length });
    const memory = await readProcessMemory(server.pid);
    const journalLimit = configSchema.properties.journalLimit.default;
    progress(`RSS after ${requests} valid creates: ${memory.rssMb} MiB (peak ${memory.hwmMb} MiB)`);
    return { requests, journalLimit, ...memory, rps: cell.rps, unexpected: cell.unexpected };
  } finally {
    await server.stop();
  }
}

async function runBench(options: BenchOptions): Promise<number> {
  buildDist(root);
  const ours = (['stateful', 'static', 'dynamic'] as const).map((mode) =>
    plantStoreMock(mode, root),
  );
  const prism = [prismMock(false, root), prismMock(true, root)];
  const baseline = expressAjvBaseline(root);
  const bare = bareHttpServer(root);
  // BENCH_COMPARE=DIR: also the stateful and static servers of another checkout, built there
  // (npm ci), measured in the same run: before and after a change, on the same machine and load.
  const compareRoot = process.env.BENCH_COMPARE;
  const before =
    compareRoot === undefined || compareRoot === ''
      ? []
      : (['stateful', 'static'] as const).map((mode) =>
          plantStoreMock(mode, `${compareRoot.replace(/\/$/, '')}/`, 'before'),
        );
  const contenders = options.smoke
    ? [...ours, baseline, bare]
    : [...ours, ...before, ...prism, baseline, bare];
  const startedAt = Date.now();
  const loadAtStart = loadAverages();
  const sourceAtStart = await describeSource(root);

  const startupContenders = options.smoke ? [ours[0], baseline] : [ours[0], prism[0], baseline];
  const startup: Record<string, { medianMs: number; runsMs: number[] }> = {};
  for (const contender of startupContenders) {
    if (contender === undefined) continue;
    startup[contender.name] = await measureStartup(contender, options.startupRuns);
    progress(`${contender.name}: start-up ${JSON.stringify(startup[contender.name])}`);
  }
  const plan = { ...options, kinds: requestKinds };
  const servers = await measureServers(contenders, plan, progress);
  const rssAfterCreates =
    options.rssRequests > 0 ? await measureRssAfterCreates(options.rssRequests) : null;

  const sourceAtEnd = await describeSource(root);
  const meta = describeRun({
    options,
    startedAt,
    loadAtStart,
    source: { atStart: sourceAtStart, atEnd: sourceAtEnd },
  });
  const table = formatTable(servers);
  const summary = [
    `medians of ${options.rounds} round(s), the servers in alternation within every cell`,
    `latency cell: valid creates from 10 connections at ${options.latency.rate}/s, evenly spaced, for ${options.latency.durationSec} s a round; the p99 targets are judged there (at saturation a p99 is queueing)`,
    ...throughputTargets(servers, 'plant-store-mock'),
    ...(before.length === 0 ? [] : throughputTargets(servers, 'before')),
    `start-up, spawn to first 200 on POST /plants (median of ${options.startupRuns}): ${Object.entries(
      startup,
    )
      .map(([name, { medianMs }]) => `${name} ${medianMs} ms`)
      .join(', ')}`,
    `peak RSS per server (VmHWM, MiB): ${servers.map((server) => `${server.name} ${server.hwmMb ?? 'n/a'}`).join(', ')}`,
  ];
  if (rssAfterCreates !== null) {
    summary.push(
      `plant-store-mock stateful after ${rssAfterCreates.requests} valid creates (journal limit ${rssAfterCreates.journalLimit}): RSS ${rssAfterCreates.rssMb} MiB, peak ${rssAfterCreates.hwmMb} MiB`,
    );
  }
  summary.push(
    `load average (1, 5, 15 min) at start ${loadAtStart.join(', ')}, at end ${meta.loadAverage1m5m15m.atEnd.join(', ')} on ${meta.cpuCount} CPUs`,
    `source: ${sourceAtStart.commit ?? 'no git'}${sourceAtStart.dirty === true ? ' with uncommitted changes in src/' : ''}`,
  );
  if (meta.source.changedDuringRun) {
    summary.push('WARNING: src/ changed during the run, so rows may have measured different code');
  }
  process.stdout.write(`${table}\n\n${summary.join('\n')}\n`);

  const results = { meta, startup, servers, rssAfterCreates, table };
  await mkdir(dirname(options.out), { recursive: true });
  await writeFile(options.out, `${JSON.stringify(results, null, 2)}\n`);
  progress(`wrote ${options.out}`);

  const failing = servers.flatMap((server) =>
    server.cells
      .filter((cell) => cell.unexpected > 0)
      .map((cell) => ({ server: server.name, ...cell })),
  );
  if (!options.smoke) sharedStoreFigures();
  for (const cell of failing) {
    progress(
      `unexpected answers from ${cell.server}, ${cell.kind} x${cell.connections}: ${cell.unexpected} (errors ${cell.errors}, timeouts ${cell.timeouts}, statuses ${JSON.stringify(cell.statusCounts)}) e.g. ${JSON.stringify(cell.unexpectedSamples)}`,
    );
  }
  return options.smoke && failing.length > 0 ? 1 : 0;
}

// One replica on Redis against one in memory, and two sharing Redis (bench/redis-bench.ts), when
// redis-server is installed: the shared store's figures belong with the rest.
function sharedStoreFigures(): void {
  if (spawnSync('redis-server', ['--version']).status !== 0) {
    progress('skipped the shared store (--store redis://): redis-server is not installed');
    return;
  }
  progress('the shared store: npm run bench:redis');
  execFileSync(process.execPath, ['bench/redis-bench.ts'], { cwd: root, stdio: 'inherit' });
}

const onSignal = (signal: NodeJS.Signals): void => {
  progress(`${signal}: stopping every server`);
  killAllServers();
  process.exit(signal === 'SIGINT' ? 130 : 143);
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
process.on('exit', killAllServers);

try {
  const options = readBenchOptions(process.argv.slice(2), process.env, benchPaths(root));
  process.exitCode = await runBench(options);
} catch (error) {
  // A bad flag is the user's to fix: its message says how, a stack would only bury it.
  if (error instanceof BenchOptionsError) progress(error.message);
  else progress(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = error instanceof BenchOptionsError ? 2 : 1;
} finally {
  killAllServers();
}
