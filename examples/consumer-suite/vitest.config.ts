// A frontend team's suite on one shared mock: the global setup starts it once for every test
// file, and each file gets a session of its own (useMockSession).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['*.test.ts'],
    globalSetup: ['plant-store-mock/vitest/global-setup'],
  },
});
