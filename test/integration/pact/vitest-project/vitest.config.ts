// A consumer's test suite, run by test/integration/pact/vitest-pact.test.ts: three files in parallel
// workers, each writing its session's pact to $PACT_DIR with writePactAfterAll.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: source('.'),
  resolve: {
    alias: [
      { find: /^plant-store-mock$/, replacement: source('../../../../src/index.ts') },
      {
        find: /^plant-store-mock\/client$/,
        replacement: source('../../../../src/client/index.ts'),
      },
      {
        find: /^plant-store-mock\/vitest$/,
        replacement: source('../../../../src/vitest/index.ts'),
      },
    ],
  },
  test: { include: ['*.pact-spec.ts'], fileParallelism: true, testTimeout: 20_000 },
});
