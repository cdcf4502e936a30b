import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldStacks, summarizeProfile, type CpuProfile } from '../../bench/fold-profile.ts';
import { projectRoot } from '../support/launch-cli.ts';

const root = '/srv/my app/';
const frame = (id: number, functionName: string, url: string, children: number[] = []) => ({
  id,
  callFrame: { functionName, url, lineNumber: id * 10 },
  children,
});

// (root) -> handle (ours) -> parse (a package), stringify (a builtin); idle and GC beside them.
const profile: CpuProfile = {
  nodes: [
    frame(1, '(root)', '', [2, 5, 6]),
    frame(2, 'handle', 'file:///srv/my%20app/dist/server/handle.js', [3, 4]),
    frame(3, 'parse', 'file:///srv/my%20app/node_modules/@scope/pkg/lib/a;b.js'),
    frame(4, 'stringify', ''),
    frame(5, '(idle)', ''),
    frame(6, '(garbage collector)', ''),
  ],
  // Each sample counts for the time to the next one.
  samples: [3, 3, 4, 2, 5, 6, 3],
  timeDeltas: [0, 100, 100, 200, 100, 400, 100],
};

describe('the profile summaries', () => {
  it('folds stacks for a flame graph, idle left out, weights in microseconds', () => {
    expect(foldStacks(profile, root).split('\n')).toEqual([
      '(garbage collector) 100',
      'handle dist/server/handle.js:21 100',
      'handle dist/server/handle.js:21;parse @scope/pkg/lib/a,b.js:31 200',
      'handle dist/server/handle.js:21;stringify 200',
      '',
    ]);
  });

  it('shares the busy time out by area and by function', () => {
    const summary = summarizeProfile(profile, root);
    expect(summary.busyMs).toBeCloseTo(0.6);
    expect(summary.idleMs).toBeCloseTo(0.4);
    expect(summary.byArea).toEqual([
      { name: '@scope/pkg', share: 2 / 6 },
      { name: '(native and builtins)', share: 2 / 6 },
      { name: 'dist/server/handle.js', share: 1 / 6 },
      { name: '(garbage collector)', share: 1 / 6 },
    ]);
    expect(summary.byFunction[0]).toEqual({ name: 'parse @scope/pkg/lib/a;b.js:31', share: 2 / 6 });
  });
});

let out: string;
beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'plant-store-profile-'));
});
afterAll(() => rm(out, { recursive: true, force: true }));

it('profiles the built server under load: a V8 profile, folded stacks and where the time went', async () => {
  const { code, stdout, stderr } = await new Promise<{
    code: number;
    stdout: string;
    stderr: string;
  }>((resolve) => {
    execFile(
      process.execPath,
      ['bench/profile.ts', '--seconds', '1', '--out', out],
      { cwd: projectRoot, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error === null ? 0 : Number(error.code ?? 1), stdout, stderr });
      },
    );
  });
  expect(code, stderr).toBe(0);
  expect(stderr).toMatch(/\d+ requests \(valid create\) at \d+ req\/s, 0 unexpected/);
  // The summaries' shares vary from run to run: check their shape, and the mock's own frames in
  // the folded stacks, which hold every sample.
  expect(stdout).toMatch(/self time by area:\n {2}[ \d]{3}\.\d % {2}\S/);
  expect(stdout).toMatch(/self time by function:\n {2}[ \d]{3}\.\d % {2}\S/);
  const profile = JSON.parse(
    await readFile(join(out, 'stateful-valid-x10.cpuprofile'), 'utf8'),
  ) as CpuProfile;
  expect(profile.samples.length).toBeGreaterThan(100);
  const folded = await readFile(join(out, 'stateful-valid-x10.folded'), 'utf8');
  expect(folded).toMatch(/;\S+ src\/(http|pipeline)\/[\w-]+\.ts:\d+[; ]/);
}, 90_000);

it.each([
  [['--mode', 'fast'], 'Failed to profile: --mode fast is not one of stateful, static, dynamic.'],
  [['--second', '5'], "Failed to profile: Unknown option '--second'"],
  [['--seconds', '0'], 'Failed to profile: --seconds must be more than 0 and at most 600.'],
])('refuses %j with exit 2 and the usage, before starting anything', async (args, message) => {
  const result = await new Promise<{ code: number; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['bench/profile.ts', ...args],
      { cwd: projectRoot },
      (error, _stdout, stderr) => {
        resolve({ code: error === null ? 0 : Number(error.code ?? 1), stderr });
      },
    );
  });
  expect(result.code).toBe(2);
  expect(result.stderr).toContain(message);
  expect(result.stderr).toContain('Usage: npm run profile --');
});
