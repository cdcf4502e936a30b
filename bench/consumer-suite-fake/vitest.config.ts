// The example consumer suite's own files (examples/consumer-suite), with its
// `plant-store-mock/vitest` swapped for the hand-written fake and fetch stubbed: no global setup,
// no server. The same cases as against the mock, for bench/consumer-suite-cost.ts.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: { alias: { 'plant-store-mock/vitest': here('./fake-plant-store.ts') } },
  test: {
    root: here('../../examples/consumer-suite'),
    include: ['*.test.ts'],
    setupFiles: [here('./stub-fetch.ts')],
  },
});
