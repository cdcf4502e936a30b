import { readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { parse } from 'yaml';
import { generatedCheckPaths } from './build-schema-checks.ts';
import { bundleLazyRequires } from './bundle-lazy-requires.ts';
import { printBrowserSizes } from './msw-browser-sizes.ts';

/**
 * Bundles `plant-store-mock/msw/browser` (src/msw/browser/index.ts) into dist/msw/browser.js and
 * its lazily loaded chunks (dist/msw/browser-chunks/), so that a user's bundler (esbuild, Vite,
 * webpack, with their defaults) sees plain ES modules that import `msw` and nothing of Node:
 * the Node built-ins the shared pipeline names are mapped to web-API shims
 * (src/msw/browser/node-shims/), `Buffer` to the `buffer` package. Run by `npm run build`.
 *
 * @example
 * // node scripts/build-msw-browser.ts
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const shims = `${root}src/msw/browser/node-shims/`;
const target = `${root}dist/msw/`;

const builtins: Record<string, string> = {
  'node:crypto': 'node-crypto.ts',
  'node:util': 'node-util.ts',
  util: 'node-util.ts',
  'node:timers/promises': 'node-timers.ts',
  'node:fs': 'node-files.ts',
  'node:fs/promises': 'node-files.ts',
  'node:path': 'node-files.ts',
  path: 'node-files.ts',
  'node:url': 'node-url.ts',
  'node:module': 'node-module.ts',
  // Postman collections stay a server feature: their transformer alone would weigh 1.1 MB.
  '@stoplight/http-spec/postman/operation': 'postman-operation.ts',
  'fnv-plus': 'fnv-plus.ts',
  // Required by the $ref parser's YAML files and by the legacy URL parser's query objects, which
  // the browser never reads (see not-in-browser.ts).
  '@stoplight/yaml': 'not-in-browser.ts',
  qs: 'not-in-browser.ts',
  // Loaded by their shims only where the contract or a request pattern needs them.
  re2js: 're2js.ts',
  'mime-types': 'mime-types.ts',
};

const packageVersion = (
  JSON.parse(await readFile(`${root}package.json`, 'utf8')) as { version: string }
).version;
const contract = parse(await readFile(`${root}openapi.yaml`, 'utf8')) as object;

// Files whose Node reads happen at load: their content written in at build time.
const written: Record<string, string> = {
  [`${root}src/package-version.ts`]: `export const packageVersion = ${JSON.stringify(packageVersion)};`,
  [`${root}src/msw/browser/bundled-contract.ts`]: `export const bundledContract = ${JSON.stringify(contract)};`,
};

const browserShims: Plugin = {
  name: 'browser-shims',
  setup(build) {
    build.onResolve({ filter: /^(node:|@stoplight\/)?[a-z0-9/-]+$/ }, ({ path, importer }) => {
      const shim = builtins[path] === undefined ? undefined : `${shims}${builtins[path]}`;
      // A shim that loads the module it stands for imports the module itself.
      return shim === undefined || shim === importer ? undefined : { path: shim };
    });
    // The admin API's body checks compiled by ajv on first use, as before they were generated:
    // the bundle carries ajv's compiler anyway, and the generated ones weigh 39 KB minified.
    build.onResolve({ filter: /\/generated\/admin-body-checks\.ts$/ }, () => ({
      path: `${root}src/admin/compile-admin-body-checks.ts`,
    }));
    // Contract files are never read in the browser: `yaml` loads only for a YAML contract URL.
    build.onResolve({ filter: /\/parse-yaml\.ts$/ }, () => ({ path: `${shims}not-in-browser.ts` }));
    // One lodash: the full build, which @stoplight/json and Prism require, also serves the
    // per-method modules and lodash/fp (which would bring its own minified copy).
    build.onResolve({ filter: /^lodash\/[a-zA-Z]+$/ }, ({ path }) =>
      path === 'lodash/fp'
        ? undefined
        : { path: path.slice('lodash/'.length), namespace: 'lodash' },
    );
    build.onResolve({ filter: /^\.\/lodash\.min$/ }, ({ importer }) =>
      /node_modules\/lodash\/fp\.js$/.test(importer)
        ? { path: require.resolve('lodash') }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'lodash' }, ({ path }) => ({
      contents: `module.exports = require('lodash').${path};`,
      resolveDir: root,
      loader: 'js',
    }));
    build.onLoad({ filter: /\.ts$/ }, ({ path }) => {
      const contents = written[path];
      return contents === undefined ? undefined : { contents, loader: 'ts' };
    });
  },
};

await rm(`${target}browser-chunks`, { recursive: true, force: true });
const result = await build({
  entryPoints: { browser: `${root}src/msw/browser/index.ts` },
  outdir: target,
  chunkNames: 'browser-chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: ['chrome120', 'firefox120', 'safari17'],
  external: ['msw'],
  // Its UMD build, which require() would pick, requires its parts through a wrapper.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
  // ajv's generated checks require() its runtime helpers, which the browser has no other way to get.
  plugins: [browserShims, bundleLazyRequires(generatedCheckPaths.map((file) => `${root}${file}`))],
  inject: [`${shims}globals.ts`],
  define: { 'import.meta.resolve': 'resolveProvided' },
  minify: true,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});
// `--sizes`: each file's bytes, minified and gzipped, and the totals of docs/msw.md's table.
if (process.argv.includes('--sizes')) await printBrowserSizes(result.metafile, root);
