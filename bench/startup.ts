// Start-up bench: spawn to the first 200 of a valid POST /plants (bearer token), for a bare
// node:http server, Express + ajv, the CLI from dist/, a process calling startMockServer(),
// `prism mock`, and the CLI on generated contracts (200 / 2,000 / 20,000 OpenAPI 3 operations, a
// 20,000-path Swagger 2.0 document). Cells alternate within each round; prints min/median/max,
// the server process's CPU time at its first 200 (steadier than wall time on a busy machine),
// the ratio of medians, ms per operation over the Plant Store's start, and the first request's
// latency; then the first and second reads of a generated contract's last resource. With
// --parameter-first, also contracts whose every generated path starts with a parameter. `npm run bench:startup -- --help`.
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { failWithUsage, readBenchFlags } from './bench-options.ts';
import { buildDist } from './build-dist.ts';
import { generateOpenApi, generateSwagger } from './generate-contract.ts';
import { lateReadPath, lateReadsTable, timeLateReads, type LateReads } from './late-reads.ts';
import { processCpuMs } from './process-cpu.ts';
import { benchFolder, startServer } from './spawn-server.ts';
import { contractCell, startCells, type StartupCell } from './startup-cells.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const usage = `Usage: npm run bench:startup -- [--rounds N] [--sizes 200,2000,20000] [--swagger 20000]
       [--cell-timeout S] [--compare DIR] [--no-build] [--parameter-first 2000,20000]
--compare DIR adds another checkout's build (its dist/) as "before" cells; --swagger 0 skips it.
--parameter-first adds contracts of those sizes whose paths all start with a parameter.`;

const fail: (reason: string) => never = failWithUsage(usage);
const values = readBenchFlags(
  {
    rounds: { type: 'string', default: '3' },
    sizes: { type: 'string', default: '200,2000,20000' },
    swagger: { type: 'string', default: '20000' },
    'cell-timeout': { type: 'string', default: '120' },
    compare: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    'parameter-first': { type: 'string', default: '' },
    help: { type: 'boolean', default: false },
  },
  usage,
  fail,
);
const rounds = Number(values.rounds);
const sizes = values.sizes.split(',').filter(Boolean).map(Number);
const tenantSizes = values['parameter-first'].split(',').filter(Boolean).map(Number);
const swaggerPaths = Number(values.swagger);
const timeoutMs = Number(values['cell-timeout']) * 1_000;
if (
  ![rounds, swaggerPaths, timeoutMs, ...sizes, ...tenantSizes].every(
    (n) => Number.isInteger(n) && n >= 0,
  )
) {
  fail('they take whole numbers');
}

/** One GET on its own connection; resolves with how long the answer took (ms). */
function timeGet(url: string): Promise<number> {
  const sentAt = performance.now();
  return new Promise((done, fail) => {
    const req = request(url, { agent: false, timeout: 10_000 }, (res) => {
      res.resume().once('end', () => {
        done(performance.now() - sentAt);
      });
    });
    req.once('timeout', () => req.destroy(new Error(`No answer from ${url}`)));
    req.once('error', fail).end();
  });
}

if (!values['no-build']) buildDist(root);
const tmp = benchFolder('startup-bench-');

const specs: { what: string; spec: string; operations: number; lateRead?: string }[] = sizes.map(
  (n) => ({
    what: `${n.toLocaleString('en')} ops`,
    spec: generateOpenApi(root, tmp, n),
    operations: n,
    lateRead: lateReadPath(n, false),
  }),
);
for (const n of tenantSizes) {
  const spec = generateOpenApi(root, tmp, n, { parameterFirst: true });
  const what = `${n.toLocaleString('en')} ops, parameter-first`;
  specs.push({ what, spec, operations: n, lateRead: lateReadPath(n, true) });
}
if (swaggerPaths > 0) {
  const what = `${swaggerPaths.toLocaleString('en')} paths, Swagger 2.0`;
  specs.push({ what, spec: generateSwagger(tmp, swaggerPaths), operations: swaggerPaths });
}
const builds = [{ build: root, label: '' }];
if (values.compare !== undefined)
  builds.push({ build: resolve(values.compare), label: 'before: ' });
const cells: StartupCell[] = builds.flatMap(({ build, label }) => [
  ...startCells(root, build, label),
  ...specs.map(({ what, spec, operations, lateRead }) => ({
    ...contractCell(root, build, label, what, spec, operations),
    ...(lateRead === undefined ? {} : { lateRead }),
  })),
]);

interface Figures {
  startup: number[];
  /** The server process's CPU time (all threads) at its first 200: steadier than wall time under load. */
  cpu: number[];
  first: number[];
  admin: number[];
  failed: string[];
}
const figures = new Map<string, Figures>(
  cells.map((c) => [c.name, { startup: [], cpu: [], first: [], admin: [], failed: [] }]),
);
const lateReads = new Map<string, LateReads[]>(
  cells.filter((c) => c.lateRead !== undefined).map((c) => [c.name, []]),
);
const loadBefore = loadavg();
for (let round = 0; round < rounds; round += 1) {
  // Each round starts one cell further on, so no cell always runs right after the same other.
  for (let i = 0; i < cells.length; i += 1) {
    const cell = cells[(i + round) % cells.length] as StartupCell;
    const seen = figures.get(cell.name) as Figures;
    try {
      const server = await startServer({ ...(await cell.launch()), timeoutMs });
      seen.startup.push(server.startupMs);
      seen.cpu.push(await processCpuMs(server.pid));
      seen.first.push(server.firstAnswerMs);
      if (cell.admin) seen.admin.push(await timeGet(`${server.url}/__admin/health`));
      if (cell.lateRead !== undefined) {
        lateReads.get(cell.name)?.push(await timeLateReads(server, cell.lateRead));
      }
      await server.stop();
    } catch (error) {
      seen.failed.push(
        (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '',
      );
    }
    process.stderr.write(`round ${round + 1}/${rounds}: ${cell.name} done\n`);
  }
}

const median = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const spread = (xs: number[]): string =>
  xs.length === 0
    ? '-'
    : `${Math.round(Math.min(...xs))} / ${Math.round(median(xs))} / ${Math.round(Math.max(...xs))}`;
const rows = cells.map((cell) => {
  const seen = figures.get(cell.name) as Figures;
  const base = figures.get(cell.against)?.startup ?? [];
  const ratioOf = (mine: number[], theirs: number[]): string =>
    mine.length === 0 || theirs.length === 0
      ? '-'
      : `${(median(mine) / median(theirs)).toFixed(2)}x`;
  const ratio = ratioOf(seen.startup, base);
  const failed =
    seen.failed.length === 0 ? '' : `${seen.failed.length} failed: ${seen.failed[0] ?? ''}`;
  // What each operation adds to the Plant Store's start: flat when start-up grows linearly.
  const perOperation =
    cell.operations === undefined || seen.startup.length === 0 || base.length === 0
      ? '-'
      : ((median(seen.startup) - median(base)) / cell.operations).toFixed(2);
  return [
    cell.name,
    spread(seen.startup),
    `${ratio} of ${cell.against}`,
    perOperation,
    spread(seen.cpu),
    ratioOf(seen.cpu, figures.get(cell.against)?.cpu ?? []),
    spread(seen.first),
    spread(seen.admin),
    failed,
  ];
});
const head = [
  'cell',
  'spawn to first 200, ms (min / median / max)',
  'ratio (medians)',
  'ms per operation',
  'CPU ms to first 200',
  'CPU ratio',
  'first answer, ms',
  'first /__admin answer, ms',
  '',
];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
const line = (r: string[]): string =>
  r
    .map((c, i) => c.padEnd(widths[i] as number))
    .join(' | ')
    .trimEnd();
const fmt = (l: number[]): string => l.map((x) => x.toFixed(1)).join(' ');
process.stdout.write(
  `${rounds} rounds, load average ${fmt(loadBefore)} at the start, ${fmt(loadavg())} at the end\n`,
);
process.stdout.write(`${[line(head), ...rows.map(line)].join('\n')}\n`);
if (lateReads.size > 0) process.stdout.write(`\n${lateReadsTable(lateReads, spread)}`);
