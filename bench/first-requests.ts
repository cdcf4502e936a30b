// First-request bench: the latency and the server's CPU of the FIRST request of each kind (valid
// create, 400, 401, 404, a path parameter, an admin read) and of the second of the same kind,
// each kind in a fresh server so that it is truly first: the CLI from dist/ and a process calling
// startMockServer(), on the Plant Store and on a generated contract with path parameters, the
// request sent as soon as the server prints its URL and again after it has idled (--idle).
// Cells alternate within each round; prints medians (the lower middle of an even count). `npm run bench:first -- --help`.
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { failWithUsage, readBenchFlags } from './bench-options.ts';
import { buildDist } from './build-dist.ts';
import { firstRequestKinds, timeRequest, type FirstRequestKind } from './first-request-kinds.ts';
import { median } from './alternate-cells.ts';
import { alignTable } from './format-table.ts';
import { generateOpenApi } from './generate-contract.ts';
import { processCpuMs } from './process-cpu.ts';
import { benchFolder, startServer } from './spawn-server.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const usage = `Usage: npm run bench:first -- [--rounds N] [--idle 0,1000] [--operations N]
       [--compare DIR] [--no-build]
--idle: ms between the server's URL line and its first request, one cell per value.
--operations: size of the generated contract (the Plant Store plus creates and /r{k}/{id} reads).
--compare DIR adds another checkout's build (its dist/) as "before" cells.`;

const fail: (reason: string) => never = failWithUsage(usage);
const values = readBenchFlags(
  {
    rounds: { type: 'string', default: '5' },
    idle: { type: 'string', default: '0,1000' },
    operations: { type: 'string', default: '200' },
    compare: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
  usage,
  fail,
);
const rounds = Number(values.rounds);
const idles = values.idle.split(',').filter(Boolean).map(Number);
const operations = Number(values.operations);
if (![rounds, operations, ...idles].every((n) => Number.isInteger(n) && n >= 0)) {
  fail('they take whole numbers');
}

if (!values['no-build']) buildDist(root);
const tmp = benchFolder('first-requests-bench-');

const contracts = [
  { name: 'Plant Store', spec: undefined },
  { name: `${operations} ops`, spec: generateOpenApi(root, tmp, operations) },
];
const builds = [{ dir: root, label: 'after' }];
if (values.compare !== undefined) builds.push({ dir: resolve(values.compare), label: 'before' });
const starts = [
  {
    name: 'CLI',
    args: (dir: string, spec?: string) => [
      join(dir, 'dist/cli/main.js'),
      ...['--port', '0', '--host', '127.0.0.1'],
      ...(spec === undefined ? [] : ['--spec', spec]),
    ],
  },
  {
    name: 'startMockServer()',
    args: (dir: string, spec?: string) => [
      'bench/start-imported.ts',
      join(dir, 'dist/index.js'),
      ...(spec === undefined ? [] : [spec]),
    ],
  },
];

interface Cell {
  key: string;
  row: string[];
  args: string[];
  kind: FirstRequestKind;
  idle: number;
}
const cells: Cell[] = [];
for (const contract of contracts) {
  for (const kind of firstRequestKinds) {
    if (kind.generatedOnly === true && contract.spec === undefined) continue;
    for (const start of starts) {
      for (const idle of idles) {
        for (const build of builds) {
          const row = [contract.name, kind.label, start.name, String(idle), build.label];
          cells.push({
            key: row.join('|'),
            row,
            args: start.args(build.dir, contract.spec),
            kind,
            idle,
          });
        }
      }
    }
  }
}

interface Seen {
  status: number[];
  first: number[];
  firstCpu: number[];
  second: number[];
  secondCpu: number[];
  failed: string[];
}
const seen = new Map<string, Seen>(
  cells.map((c) => [
    c.key,
    { status: [], first: [], firstCpu: [], second: [], secondCpu: [], failed: [] },
  ]),
);
const loadBefore = loadavg();
for (let round = 0; round < rounds; round += 1) {
  // Each round starts one cell further on, so no cell always runs right after the same other.
  for (let i = 0; i < cells.length; i += 1) {
    const cell = cells[(i + round) % cells.length] as Cell;
    const figures = seen.get(cell.key) as Seen;
    try {
      const server = await startServer({
        name: cell.key,
        args: cell.args,
        cwd: root,
        untouched: true,
      });
      try {
        await sleep(cell.idle);
        const cpu0 = await processCpuMs(server.pid);
        const first = await timeRequest(server.url, cell.kind);
        const cpu1 = await processCpuMs(server.pid);
        const second = await timeRequest(server.url, cell.kind);
        const cpu2 = await processCpuMs(server.pid);
        figures.status.push(first.status);
        figures.first.push(first.ms);
        figures.firstCpu.push(cpu1 - cpu0);
        figures.second.push(second.ms);
        figures.secondCpu.push(cpu2 - cpu1);
      } finally {
        await server.stop();
      }
    } catch (error) {
      figures.failed.push(
        String(error instanceof Error ? error.message : error).split('\n')[0] ?? '',
      );
    }
  }
  process.stderr.write(`round ${round + 1}/${rounds} done\n`);
}

const fixed = (xs: number[]): string => (xs.length === 0 ? '-' : median(xs).toFixed(1));
const spread = (xs: number[]): string =>
  xs.length === 0
    ? '-'
    : `${Math.min(...xs).toFixed(0)} / ${median(xs).toFixed(0)} / ${Math.max(...xs).toFixed(0)}`;
const rows = cells.map(({ key, row }) => {
  const f = seen.get(key) as Seen;
  return [
    ...row,
    [...new Set(f.status)].join(','),
    spread(f.first),
    fixed(f.firstCpu),
    fixed(f.second),
    fixed(f.secondCpu),
    f.failed.length === 0 ? '' : `${f.failed.length} failed: ${f.failed[0] ?? ''}`,
  ];
});
const head = ['contract', 'first request', 'start', 'idle ms', 'build', 'status'];
const figuresHead = ['1st ms min/med/max', '1st CPU ms', '2nd ms', '2nd CPU ms', ''];
process.stdout.write(`${alignTable([...head, ...figuresHead], rows)}\n`);
const load = (l: number[]): string => l.map((n) => n.toFixed(2)).join(', ');
process.stdout.write(
  `\n${rounds} rounds; CPU is the server process's (/proc, 10 ms ticks), medians; load average ${load(loadBefore)} at the start, ${load(loadavg())} at the end\n`,
);
