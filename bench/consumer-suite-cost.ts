// What the example consumer suite (examples/consumer-suite: 2 files, 3 tests) costs against the
// mock, started once by its global setup, against the same files over a hand-written fetch fake
// (bench/consumer-suite-fake): the whole `vitest run` of each, spawn to exit, in alternation for
// several rounds, each in an empty working folder (the suite writes its pacts there). The suite
// runs as a consumer has it, the package under node_modules (see installedSuite).
// `--compare DIR` adds the suite against another checkout's built mock (an A/B in one run).
// Each run's CPU (user + system of vitest and its workers) comes from the shell's `times`,
// steadier than wall time on a busy machine.
//   npm run bench:suite -- [--rounds 5] [--compare DIR]
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median } from './alternate-cells.ts';
import { buildDist } from './build-dist.ts';
import { alignTable } from './format-table.ts';
import { installedSuite } from './installed-suite.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const vitest = join(
  dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
  'vitest.mjs',
);
const targetSec = 0.5;
const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '5' }, compare: { type: 'string' } },
});
const rounds = Math.min(20, Math.max(1, Number(values.rounds)));

buildDist(root);
const suite = await installedSuite(root);
const suites = [
  { name: 'against the mock', root: suite, config: 'vitest.config.ts' },
  {
    name: 'against a fetch fake',
    root: suite,
    config: join(root, 'bench/consumer-suite-fake/vitest.config.ts'),
  },
  ...(values.compare === undefined
    ? []
    : [
        {
          name: 'against the mock, before',
          root: await installedSuite(values.compare),
          config: 'vitest.config.ts',
        },
      ]),
];

interface Run {
  wallMs: number;
  /** User + system time of the run's processes (vitest and its workers); NaN when unknown. */
  cpuMs: number;
  /** Vitest's own "Duration" line: its total and its parts (transform, setup, tests...). */
  duration: string;
}

async function runSuite(suite: (typeof suites)[number]): Promise<Run> {
  const config = resolve(suite.root, suite.config);
  const cwd = await mkdtemp(join(tmpdir(), 'plant-store-suite-'));
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', CI: '1' };
  delete env.FORCE_COLOR;
  const startedAt = performance.now();
  try {
    // The shell's `times` prints, last, the CPU its children (vitest, and vitest's own) used.
    const child = spawn(
      '/bin/sh',
      [
        '-c',
        '"$0" "$@"; code=$?; times >&2; exit $code',
        process.execPath,
        vitest,
        'run',
        '--config',
        config,
        '--root',
        suite.root,
      ],
      { cwd, env },
    );
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const wallMs = performance.now() - startedAt;
    if (code !== 0 || !/Tests\s+3 passed \(3\)/.test(output)) {
      throw new Error(`Failed to run the suite (${config}): exit ${code}.\n${output}`);
    }
    return {
      wallMs,
      cpuMs: childrenCpuMs(output),
      duration: /Duration\s+(.*)/.exec(output)?.[1]?.trim() ?? '',
    };
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
}

// The last line of `times`: the children's user and system time, e.g. "0m2.410s 0m0.300s".
function childrenCpuMs(output: string): number {
  const times = /(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s\s*$/.exec(output);
  if (times === null) return Number.NaN;
  const [, userMin, userSec, sysMin, sysSec] = times.map(Number);
  return ((userMin ?? 0) * 60 + (userSec ?? 0) + (sysMin ?? 0) * 60 + (sysSec ?? 0)) * 1000;
}

const runs = new Map<string, Run[]>(suites.map((suite) => [suite.name, []]));
for (let round = 0; round < rounds; round++) {
  const first = round % suites.length;
  const order = [...suites.slice(first), ...suites.slice(0, first)];
  for (const suite of order) {
    const run = await runSuite(suite);
    runs.get(suite.name)?.push(run);
    process.stderr.write(
      `[suite] round ${round + 1}/${rounds} ${suite.name}: ${(run.wallMs / 1000).toFixed(2)} s, CPU ${(run.cpuMs / 1000).toFixed(2)} s (vitest: ${run.duration})\n`,
    );
  }
}
const seconds = (ms: number): string => (ms / 1000).toFixed(2);
const medians = suites.map((suite) =>
  median((runs.get(suite.name) ?? []).map((run) => run.wallMs)),
);
const rows = suites.map((suite, index) => {
  const walls = (runs.get(suite.name) ?? []).map((run) => run.wallMs);
  const cpus = (runs.get(suite.name) ?? []).map((run) => run.cpuMs);
  return [
    suite.name,
    seconds(medians[index] ?? 0),
    seconds(Math.min(...walls)),
    seconds(Math.max(...walls)),
    seconds(median(cpus)),
  ];
});
const extraSec = ((medians[0] ?? 0) - (medians[1] ?? 0)) / 1000;
const cpuMedians = suites.map((suite) =>
  median((runs.get(suite.name) ?? []).map((run) => run.cpuMs)),
);
const extraCpuSec = ((cpuMedians[0] ?? 0) - (cpuMedians[1] ?? 0)) / 1000;
process.stdout.write(
  `${alignTable(['suite (vitest run, spawn to exit)', 'median s', 'min s', 'max s', 'CPU s'], rows)}\n\n` +
    `${rounds} rounds, alternating; the mock costs ${extraSec.toFixed(2)} s more than the fake (target <= ${targetSec} s: ${extraSec <= targetSec ? 'met' : 'MISSED'}), CPU ${extraCpuSec.toFixed(2)} s more\n`,
);
for (const project of new Set(suites.map((each) => dirname(each.root)))) {
  await rm(project, { recursive: true, force: true });
}
