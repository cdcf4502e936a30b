// The bench's own vitest run: the consumer suite against the built package (dist/), as a user's
// suite imports it. `npm run bench:msw` runs it; `npm test` does not include it.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const dist = (path: string) => fileURLToPath(new URL(`../../dist/${path}`, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^plant-store-mock$/, replacement: dist('index.js') },
      { find: /^plant-store-mock\/client$/, replacement: dist('client/index.js') },
      { find: /^plant-store-mock\/vitest$/, replacement: dist('vitest/index.js') },
      { find: /^plant-store-mock\/msw$/, replacement: dist('msw/index.js') },
    ],
  },
  test: {
    // Loaded by Node as a user's suite loads the package from node_modules, not through Vite.
    server: { deps: { external: [/\/dist\//] } },
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['consumer-suite.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
