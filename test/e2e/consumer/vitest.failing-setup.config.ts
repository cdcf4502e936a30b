// The shared-mock suite over a global setup whose contract is missing (see failing-setup.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['*.suite.ts'], globalSetup: ['./failing-setup.ts'] },
});
