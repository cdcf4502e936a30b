import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests import the package by its name, as users do; the alias points that name at the sources.
const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^plant-store-mock$/, replacement: source('./src/index.ts') },
      { find: /^plant-store-mock\/client$/, replacement: source('./src/client/index.ts') },
      { find: /^plant-store-mock\/vitest$/, replacement: source('./src/vitest/index.ts') },
      {
        find: /^plant-store-mock\/testcontainers$/,
        replacement: source('./src/testcontainers/index.ts'),
      },
    ],
  },
  test: {
    include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
