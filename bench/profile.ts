// Profiles plant-store-mock under load: starts the CLI from its sources with `node --cpu-prof`
// (the built CLI is one bundle, whose frames would not say which file or package ran), loads it
// with autocannon, stops it, and writes the V8 profile (open it in Chrome DevTools' Performance
// panel or speedscope.app for a flame graph) and its folded stacks (flamegraph.pl, inferno,
// speedscope), then prints where the busy time went. `npm run profile -- --help` for the flags.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { failWithUsage, readBenchFlags } from './bench-options.ts';
import { plantStoreMock } from './contenders.ts';
import { foldStacks, summarizeProfile, type CpuProfile } from './fold-profile.ts';
import { loadCell } from './load-cell.ts';
import { requestKinds } from './request-kinds.ts';
import { killAllServers, startServer } from './spawn-server.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const modes = ['stateful', 'static', 'dynamic'] as const;
const usage = `Usage: npm run profile -- [--mode stateful|static|dynamic] [--kind valid|invalid|unauthorized]
       [--connections N] [--seconds S] [--out DIR]
Defaults: stateful, valid, 10 connections, 10 s, bench/profiles.`;

const fail: (reason: string) => never = failWithUsage(usage, 'Failed to profile');

const flags = {
  mode: { type: 'string', default: 'stateful' },
  kind: { type: 'string', default: 'valid' },
  connections: { type: 'string', default: '10' },
  seconds: { type: 'string', default: '10' },
  out: { type: 'string', default: join(root, 'bench', 'profiles') },
  help: { type: 'boolean', default: false },
} as const;

function readOptions(args: string[]) {
  const values = readBenchFlags(flags, usage, fail, args);
  const mode = modes.find((known) => known === values.mode);
  if (mode === undefined) fail(`--mode ${values.mode} is not one of ${modes.join(', ')}`);
  const kind = requestKinds.find((known) => known.name === values.kind);
  if (kind === undefined) fail(`--kind ${values.kind} is not one of valid, invalid, unauthorized`);
  const connections = Number(values.connections);
  const seconds = Number(values.seconds);
  if (!Number.isInteger(connections) || connections < 1)
    fail('--connections must be a whole number from 1');
  if (!(seconds > 0 && seconds <= 600)) fail('--seconds must be more than 0 and at most 600');
  return { mode, kind, connections, seconds, out: resolve(values.out) };
}

function percent(share: number): string {
  return `${(share * 100).toFixed(1).padStart(5)} %`;
}

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  await mkdir(options.out, { recursive: true });
  const base = `${options.mode}-${options.kind.name}-x${options.connections}`;
  const profilePath = join(options.out, `${base}.cpuprofile`);
  // Launched as the bench launches it, under the profiler, from the sources.
  const built = await plantStoreMock(options.mode, root).launch();
  const launch = {
    ...built,
    args: built.args.map((arg) => (arg === 'dist/cli/main.js' ? 'src/cli/main.ts' : arg)),
  };
  const profilerFlags = [
    '--cpu-prof',
    `--cpu-prof-dir=${options.out}`,
    `--cpu-prof-name=${base}.cpuprofile`,
  ];
  const server = await startServer({ ...launch, args: [...profilerFlags, ...launch.args] });
  let answered: number;
  try {
    const cell = await loadCell({
      url: server.url,
      pid: server.pid,
      kind: options.kind,
      connections: options.connections,
      length: { durationSec: options.seconds },
    });
    answered = cell.responses;
    process.stderr.write(
      `[profile] ${cell.responses} requests (${options.kind.label}) at ${Math.round(cell.rps)} req/s, ${cell.unexpected} unexpected\n`,
    );
  } finally {
    // V8 writes the profile as the server exits after SIGTERM.
    await server.stop();
  }
  const text = await readFile(profilePath, 'utf8').catch((error: unknown) => {
    fail(
      `the server wrote no profile at ${profilePath} (${String(error)}). Make sure the server exits on SIGTERM`,
    );
  });
  const profile = JSON.parse(text) as CpuProfile;
  const foldedPath = join(options.out, `${base}.folded`);
  await writeFile(foldedPath, foldStacks(profile, root));
  const summary = summarizeProfile(profile, root);
  const perRequestUs = answered === 0 ? 0 : (summary.busyMs * 1_000) / answered;
  const lines = [
    `busy ${summary.busyMs.toFixed(0)} ms, idle ${summary.idleMs.toFixed(0)} ms (the whole process life, start-up included); ${perRequestUs.toFixed(1)} µs of JavaScript thread per request`,
    '',
    'self time by area:',
    ...summary.byArea.slice(0, 15).map(({ name, share }) => `  ${percent(share)}  ${name}`),
    '',
    'self time by function:',
    ...summary.byFunction.slice(0, 25).map(({ name, share }) => `  ${percent(share)}  ${name}`),
    '',
    `profile: ${relative(process.cwd(), profilePath)} (Chrome DevTools > Performance > Load profile, or speedscope.app)`,
    `folded stacks: ${relative(process.cwd(), foldedPath)} (flamegraph.pl, inferno-flamegraph, speedscope.app)`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

process.on('SIGINT', () => {
  killAllServers();
  process.exit(130);
});
main().catch((error: unknown) => {
  killAllServers();
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
