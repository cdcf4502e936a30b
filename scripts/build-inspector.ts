import { copyFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * Bundles the inspector page (src/inspector/page/) into dist/inspector/page/: app.js (one ES
 * module, minified), app.css and index.html. Run by `npm run build`, so that the package ships
 * the page and the mock builds nothing at run time.
 *
 * @example
 * // node scripts/build-inspector.ts
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const source = `${root}src/inspector/page/`;
const target = `${root}dist/inspector/page/`;

await mkdir(target, { recursive: true });
await build({
  entryPoints: [`${source}main.ts`],
  outfile: `${target}app.js`,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: ['chrome120', 'firefox120', 'safari17'],
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
await copyFile(`${source}style.css`, `${target}app.css`);
await copyFile(`${source}index.html`, `${target}index.html`);
