// A suite that shares one mock across its test files, as the global setup's users configure it.
// Named so that a plain `vitest run` in this project does not pick it up.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['*.suite.ts'],
    globalSetup: ['plant-store-mock/vitest/global-setup'],
  },
});
