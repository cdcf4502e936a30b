import { join } from 'node:path';
import { expect, it } from 'vitest';
import { readBenchOptions } from '../bench/bench-options.ts';

const root = '/project';

it('writes a full run to a gitignored file, never over the committed bench/results.json', () => {
  const { out } = readBenchOptions([], {}, root);
  expect(out).toBe(join(root, 'bench', 'results', 'latest.json'));
  expect(out).not.toBe(join(root, 'bench', 'results.json'));
});

it('publishes to bench/results.json only when asked with --out', () => {
  const published = join(root, 'bench', 'results.json');
  expect(readBenchOptions(['--out', published], {}, root).out).toBe(published);
});
