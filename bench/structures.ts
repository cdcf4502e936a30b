// Whether each hand-written structure earns its place (design rule: it stays only where it buys
// at least 20 % throughput or 25 % peak memory at default limits): A, the hand-written one from
// src/, against B, the built-in or the library, on the workload the mock gives it. Every figure
// comes from a fresh child process (run with the CLI's heap flags, src/cli/heap-flags.ts), A and B
// alternating round by round; medians decide, min and max show the noise. Prints figures.
//   node bench/structures.ts
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  runJob,
  workloadNames,
  type Job,
  type JobResult,
  type Measure,
  type Variant,
  type WorkloadName,
} from './structure-jobs.ts';

const speedRounds = 5;
const memoryRounds = 3;
const throughputBar = 0.2;
const memoryBar = 0.25;

const candidateOf: Record<WorkloadName, string> = {
  'store sequential ids': 'id-set.ts vs Set',
  'store random ids (80 % int, 20 % uuid)': 'id-set.ts vs Set',
  'journal ~1 KiB adds': 'byte-ring.ts vs string[] ring',
  'journal 16-33 KiB adds': 'byte-ring.ts vs string[] ring',
  'journal 200k ~1 KiB adds + request garbage': 'byte-ring.ts vs string[] ring',
};

function runChild(job: Job): JobResult & { checksum: number } {
  const output = execFileSync(
    process.execPath,
    // --no-flush-bytecode: V8 otherwise drops the start-up code's bytecode during the workload,
    // and the heap shrinking by those 4 MiB was subtracted from what the structure holds.
    [
      '--expose-gc',
      '--no-optimize-for-size',
      '--semi-space-growth-factor=1',
      '--no-flush-bytecode',
      fileURLToPath(import.meta.url),
      JSON.stringify(job),
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 120_000 },
  );
  return JSON.parse(output.trim().split('\n').at(-1) ?? '') as JobResult & { checksum: number };
}

interface Spread {
  min: number;
  median: number;
  max: number;
}

function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    min: sorted[0] ?? NaN,
    median: sorted[Math.floor(sorted.length / 2)] ?? NaN,
    max: sorted.at(-1) ?? NaN,
  };
}

// Rounds alternate which variant goes first, so that neither always runs on a warmer machine.
function measure(workload: WorkloadName, kind: Measure, rounds: number) {
  const results: Record<Variant, JobResult[]> = { A: [], B: [] };
  for (let round = 0; round < rounds; round++) {
    const order: Variant[] = round % 2 === 0 ? ['A', 'B'] : ['B', 'A'];
    for (const variant of order)
      results[variant].push(runChild({ workload, variant, measure: kind }));
  }
  return results;
}

const mib = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);
const kOps = (ops: number): string =>
  ops >= 1e6 ? `${(ops / 1e6).toFixed(2)}M` : `${(ops / 1e3).toFixed(1)}k`;
const show = (s: Spread, unit: (n: number) => string): string =>
  `${unit(s.median)} (${unit(s.min)}-${unit(s.max)})`;
const percent = (ratio: number): string => `${ratio >= 0 ? '+' : ''}${(ratio * 100).toFixed(1)} %`;

interface Row {
  candidate: string;
  workload: WorkloadName;
  cells: string[];
  keep: boolean;
}

function rowOf(workload: WorkloadName): Row {
  const speed = measure(workload, 'speed', speedRounds);
  const memory = measure(workload, 'memory', memoryRounds);
  const ops = (v: Variant) => spread(speed[v].map((r) => r.opsPerSec));
  const gcMs = (v: Variant) => spread(speed[v].map((r) => r.gcMs));
  const peak = (v: Variant) => spread(memory[v].map((r) => r.peakHeapExternal));
  const rss = (v: Variant) => spread(memory[v].map((r) => r.peakRss));
  const retained = (v: Variant) => spread(memory[v].map((r) => r.retained));
  const throughputGain = ops('A').median / ops('B').median - 1;
  const memorySaving = 1 - peak('A').median / peak('B').median;
  const keep = throughputGain >= throughputBar || memorySaving >= memoryBar;
  return {
    candidate: candidateOf[workload],
    workload,
    keep,
    cells: [
      candidateOf[workload],
      workload,
      show(ops('A'), kOps),
      show(ops('B'), kOps),
      percent(throughputGain),
      `${gcMs('A').median.toFixed(0)} / ${gcMs('B').median.toFixed(0)}`,
      show(peak('A'), mib),
      show(peak('B'), mib),
      percent(memorySaving),
      `${rss('A').median > 0 ? mib(rss('A').median) : '0'} / ${mib(rss('B').median)}`,
      `${mib(retained('A').median)} / ${mib(retained('B').median)}`,
      keep ? 'keep' : 'replace',
    ],
  };
}

const headers = [
  'candidate',
  'workload',
  'A ops/s median (min-max)',
  'B ops/s median (min-max)',
  'A/B throughput',
  'GC ms A / B',
  'A peak heap+ext MiB',
  'B peak heap+ext MiB',
  'peak memory saved by A',
  'peak RSS MiB A / B',
  'after GC MiB A / B',
  'verdict',
];

function formatRows(rows: readonly string[][]): string {
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function main(): void {
  const started = performance.now();
  console.log(
    `node ${process.version}, ${speedRounds} speed rounds and ${memoryRounds} memory rounds per variant, each in a fresh child`,
  );
  const rows: Row[] = [];
  for (const workload of workloadNames) {
    rows.push(rowOf(workload));
    console.error(`  ${workload}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  console.log(formatRows(rows.map((row) => row.cells)));
  console.log(
    `\nBar: keep when A/B throughput >= +${throughputBar * 100} % or peak memory (heap + external) saved >= ${memoryBar * 100} % on a workload.`,
  );
  for (const candidate of new Set(rows.map((row) => row.candidate))) {
    const own = rows.filter((row) => row.candidate === candidate);
    const failing = own.filter((row) => !row.keep).map((row) => row.workload);
    const verdict =
      failing.length === 0
        ? 'keep (passes on every workload)'
        : failing.length === own.length
          ? 'replace (passes on no workload)'
          : `split: fails on ${failing.join('; ')}`;
    console.log(`${candidate}: ${verdict}`);
  }
  console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s`);
}

const job = process.argv[2];
if (job === undefined) main();
else await runJob(JSON.parse(job) as Job);
