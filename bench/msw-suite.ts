// MSW bench: the examples' consumer suite (bench/msw-suite/) run by vitest against the contract's
// MSW handlers (setupServer) and against an in-process server (startMockServer), alternating
// within every round; then creates one after another against the handlers, a fixed-JSON msw
// handler answering at once and one answering a turn later (msw's floor) and the server, each lane in a process of its own. Prints medians.
// `npm run bench:msw -- --help`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { failWithUsage, readBenchFlags } from './bench-options.ts';
import { median } from './alternate-cells.ts';
import { buildDist } from './build-dist.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const usage = `Usage: npm run bench:msw -- [--rounds N] [--repeat N] [--requests N] [--no-build]
--repeat: how many times the suite's four tests run in one suite; --requests: creates per lane.`;
const fail: (reason: string) => never = failWithUsage(usage);
const values = readBenchFlags(
  {
    rounds: { type: 'string', default: '5' },
    repeat: { type: 'string', default: '10' },
    requests: { type: 'string', default: '300' },
    'no-build': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
  usage,
  fail,
);
const rounds = Number(values.rounds);
const repeat = Number(values.repeat);
const requests = Number(values.requests);
if (![rounds, repeat, requests].every((n) => Number.isInteger(n) && n > 0)) {
  fail('they take positive whole numbers');
}
if (!values['no-build']) buildDist(root);

type Target = 'handlers' | 'server';
interface SuiteRun {
  suiteMs: number;
  suiteCpuMs: number;
  vitestMs: number;
  requestMs: number;
  clientMs: number;
}
const vitest = join(root, 'node_modules/vitest/vitest.mjs');
const scratch = mkdtempSync(join(tmpdir(), 'bench-msw-'));

function runSuite(target: Target): SuiteRun {
  const out = join(scratch, `${target}.json`);
  const started = performance.now();
  execFileSync(
    process.execPath,
    [vitest, 'run', '--config', join(root, 'bench/msw-suite/vitest.config.ts')],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 300_000,
      env: {
        ...process.env,
        MSW_SUITE_TARGET: target,
        MSW_SUITE_OUT: out,
        MSW_SUITE_PACTS: join(scratch, 'pacts'),
        MSW_SUITE_REPEAT: String(repeat),
      },
    },
  );
  const vitestMs = performance.now() - started;
  const timings = JSON.parse(readFileSync(out, 'utf8')) as {
    suiteMs: number;
    suiteCpuMs: number;
    requestMs: number[];
    clientMs: number[];
  };
  return {
    suiteMs: timings.suiteMs,
    suiteCpuMs: timings.suiteCpuMs,
    vitestMs,
    requestMs: median(timings.requestMs),
    clientMs: median(timings.clientMs),
  };
}

type Lane = 'handlers' | 'floor' | 'floor-kept' | 'server';
function runLane(lane: Lane): { wallMs: number; cpuMs: number } {
  const printed = execFileSync(
    process.execPath,
    [join(root, 'bench/msw-requests.ts'), join(root, 'dist'), lane, String(requests)],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 300_000 },
  );
  return JSON.parse(printed) as { wallMs: number; cpuMs: number };
}

const suites: Record<Target, SuiteRun[]> = { handlers: [], server: [] };
const lanes: Record<Lane, { wallMs: number; cpuMs: number }[]> = {
  handlers: [],
  floor: [],
  'floor-kept': [],
  server: [],
};
const loadBefore = loadavg()[0] ?? 0;
try {
  for (let round = 0; round < rounds; round += 1) {
    const order: Target[] = round % 2 === 0 ? ['handlers', 'server'] : ['server', 'handlers'];
    for (const target of order) suites[target].push(runSuite(target));
    const laneOrder: Lane[] = ['handlers', 'floor', 'floor-kept', 'server'];
    for (let i = 0; i < round % laneOrder.length; i += 1) laneOrder.push(laneOrder.shift() as Lane);
    for (const lane of laneOrder) lanes[lane].push(runLane(lane));
    process.stderr.write(`round ${round + 1}/${rounds} done\n`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const ms = (n: number): string => n.toFixed(1);
const of = <T>(runs: T[], pick: (run: T) => number): number => median(runs.map(pick));
process.stdout.write(
  `Node ${process.version}, ${rounds} rounds, ${repeat * 4} tests per suite, ${requests} creates per lane; load average ${loadBefore.toFixed(1)} -> ${(loadavg()[0] ?? 0).toFixed(1)}\n\n`,
);
process.stdout.write(
  '| suite against        | suite ms | suite CPU ms | vitest run ms | ms per request (median) | ms per client call (median) |\n' +
    '| -------------------- | -------: | -----------: | ------------: | ----------------------: | --------------------------: |\n',
);
for (const target of ['handlers', 'server'] as const) {
  const runs = suites[target];
  process.stdout.write(
    `| ${target.padEnd(20)} | ${ms(of(runs, (r) => r.suiteMs))} | ${ms(of(runs, (r) => r.suiteCpuMs))} | ${ms(of(runs, (r) => r.vitestMs))} | ${ms(of(runs, (r) => r.requestMs))} | ${ms(of(runs, (r) => r.clientMs))} |\n`,
  );
}
const ratio = (pick: (run: SuiteRun) => number): string =>
  (of(suites.handlers, pick) / of(suites.server, pick)).toFixed(2);
process.stdout.write(
  `\nhandlers / server: suite time ${ratio((r) => r.suiteMs)}x, suite CPU ${ratio((r) => r.suiteCpuMs)}x\n\n`,
);
process.stdout.write(
  '| creates against          | ms per request | CPU ms per request |\n' +
    '| ------------------------ | -------------: | -----------------: |\n',
);
for (const lane of ['handlers', 'floor', 'floor-kept', 'server'] as const) {
  const runs = lanes[lane];
  process.stdout.write(
    `| ${lane.padEnd(24)} | ${ms(of(runs, (r) => r.wallMs))} | ${ms(of(runs, (r) => r.cpuMs))} |\n`,
  );
}
