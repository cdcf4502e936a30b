import { readFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';
import { parse } from 'yaml';

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
    build.onResolve({ filter: /^(node:|@stoplight\/http-spec\/)?[a-z/]+$/ }, ({ path }) => {
      const shim = builtins[path];
      return shim === undefined ? undefined : { path: `${shims}${shim}` };
    });
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
  plugins: [browserShims],
  inject: [`${shims}globals.ts`],
  define: { 'import.meta.resolve': 'resolveProvided' },
  minify: true,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});
// `--sizes`: each file's bytes, minified and gzipped, and what weighs most in it (docs/msw.md).
if (process.argv.includes('--sizes')) {
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    const gzipped = gzipSync(await readFile(`${root}${file}`)).length;
    const heaviest = Object.entries(output.inputs)
      .sort(([, a], [, b]) => b.bytesInOutput - a.bytesInOutput)
      .slice(0, 3)
      .map(([input]) => input.replace(/^.*node_modules\//, ''));
    console.log(
      `${file}\t${output.bytes}\t${gzipped}\t${output.imports.map((i) => `${i.kind === 'dynamic-import' ? '~' : ''}${i.path.replace(/^.*\//, '')}`).join(' ')}\t${heaviest.join(' ')}`,
    );
  }
}
