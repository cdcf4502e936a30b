import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests import the package by its name, as users do; the alias points that name at the sources.
// The e2e tests install the packed tarball instead, and import nothing through the alias.
const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Projects: `npm test` runs them all; `npx vitest run --project unit` runs one. Only the projects
// that run the built package build it first (when the sources are newer than dist/).
const buildFirst = ['./test/support/build-once.ts'];

export default defineConfig({
  resolve: {
    alias: [
      { find: /^plant-store-mock$/, replacement: source('./src/index.ts') },
      { find: /^plant-store-mock\/client$/, replacement: source('./src/client/index.ts') },
      { find: /^plant-store-mock\/vitest$/, replacement: source('./src/vitest/index.ts') },
      {
        find: /^plant-store-mock\/vitest\/global-setup$/,
        replacement: source('./src/vitest/global-setup.ts'),
      },
      { find: /^plant-store-mock\/msw$/, replacement: source('./src/msw/index.ts') },
      {
        find: /^plant-store-mock\/testcontainers$/,
        replacement: source('./src/testcontainers/index.ts'),
      },
    ],
  },
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      // Modules on their own: no server, no process, no build.
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      // The mock in-process or as the CLI, over real HTTP on 127.0.0.1.
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'examples/*.test.ts'],
          globalSetup: buildFirst,
        },
      },
      // The bench, the profiler and the soak, in short runs.
      {
        extends: true,
        test: { name: 'bench', include: ['test/bench/**/*.test.ts'], globalSetup: buildFirst },
      },
      // What users get: the packed tarball in a project of its own, the image and the
      // Testcontainers module on a Docker engine (skipped without one, unless REQUIRE_DOCKER_ENGINE).
      {
        extends: true,
        test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], globalSetup: buildFirst },
      },
    ],
  },
});
