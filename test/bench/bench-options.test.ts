import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchPaths, BenchOptionsError, readBenchOptions } from '../../bench/bench-options.ts';
import { projectRoot } from '../support/launch-cli.ts';

const paths = benchPaths(projectRoot);

/** Whether git ignores a path of the checkout (`git check-ignore` exits 0 for an ignored one). */
function gitIgnores(path: string): boolean {
  try {
    execFileSync('git', ['check-ignore', '--quiet', path], { cwd: projectRoot });
    return true;
  } catch {
    return false;
  }
}

describe('where npm run bench writes its figures', () => {
  it('writes a full run to a gitignored file, leaving the committed results alone', () => {
    const { out } = readBenchOptions([], {}, paths);
    expect(out).toBe(paths.latest);
    expect(out).not.toBe(join(projectRoot, 'bench', 'results.json'));
    expect(gitIgnores(out)).toBe(true);
  });

  it('replaces the committed bench/results.json only with --save', () => {
    expect(paths.reference).toBe(join(projectRoot, 'bench', 'results.json'));
    expect(gitIgnores(paths.reference)).toBe(false);
    expect(readBenchOptions(['--save'], {}, paths).out).toBe(paths.reference);
  });

  it('writes to --out PATH when given', () => {
    expect(readBenchOptions(['--out', '/tmp/x.json'], {}, paths).out).toBe('/tmp/x.json');
  });

  it.each([
    ['--smoke', ['--save', '--smoke'], {}],
    ['BENCH_SMOKE=1', ['--save'], { BENCH_SMOKE: '1' }],
    ['--out', ['--save', '--out', '/tmp/x.json'], {}],
  ])('refuses --save with %s', (_, args, env) => {
    expect(() => readBenchOptions(args, env, paths)).toThrow(BenchOptionsError);
    expect(() => readBenchOptions(args, env, paths)).toThrow(/--save/);
  });

  it('never writes a smoke run into the checkout', () => {
    const { out } = readBenchOptions(['--smoke'], {}, paths);
    expect(out.startsWith(projectRoot)).toBe(false);
  });
});
