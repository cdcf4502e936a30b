import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { generatedCheckPaths } from './build-schema-checks.ts';
import { bundleLazyRequires } from './bundle-lazy-requires.ts';
import { dedupePackages } from './dedupe-packages.ts';

/**
 * Bundles the CLI (dist/cli/main.js), the package's main entry (dist/index.js, what
 * `startMockServer()` loads) and `plant-store-mock/msw` (dist/msw/index.js; msw itself stays the
 * user's) over tsc's output, with their dependencies: a few files read and
 * compiled instead of several hundred (docs/design.md). The lazy `import()`s (the faker, the admin
 * app, Redis, the upstream proxy, the pact command) stay split points: their code goes to chunks
 * in dist/chunks/, loaded when first needed. Run by `npm run build` after tsc, which still writes
 * the other entries (client, vitest, testcontainers) and every declaration file.
 *
 * @example
 * // node scripts/build-bundle.ts
 */
const root = fileURLToPath(new URL('..', import.meta.url));

// Files whose lazy `require('literal')`s load modules whose dependencies the bundle holds anyway:
// bundled, they run on their first call from the bundle's copy, instead of loading a second copy
// of fp-ts and lodash from node_modules on a first request. Other createRequire()s (Prism's
// validator, whose Ajv must be node_modules' own; Express for encoded bodies; the faker;
// pino-pretty) stay loads from node_modules.
// ajv's generated checks require() its runtime helpers likewise.
const bundledRequires = ['src/contract/prism-internals.ts', ...generatedCheckPaths];

await rm(`${root}dist/chunks`, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    'cli/main': 'src/cli/main.ts',
    index: 'src/index.ts',
    'msw/index': 'src/msw/index.ts',
  },
  outdir: 'dist',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  // jsonc-parser's CommonJS build is UMD, whose require()s esbuild cannot follow.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
  // CommonJS dependencies require() Node's built-ins, and what the bundle leaves to run time.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  plugins: [
    bundleLazyRequires(bundledRequires.map((file) => `${root}${file}`)),
    dedupePackages(`${root}node_modules`),
  ],
  // Its url.parse() calls make Node print a deprecation warning when they come from outside
  // node_modules, as bundled code does.
  external: ['@stoplight/json-schema-ref-parser', 'msw'],
  sourcemap: true,
  legalComments: 'linked',
  logLevel: 'warning',
});
