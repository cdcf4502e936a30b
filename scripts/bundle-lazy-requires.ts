import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';

/** The line that gives a module its own `require`, which bundleLazyRequires takes out. */
export const ownRequire = 'const require = createRequire(import.meta.url);';

/**
 * An esbuild plugin that bundles what the given files `require()` by name: without their own
 * `require` binding (ownRequire, which each must hold), their `require('literal')`s are resolved
 * at build time instead of loading from node_modules, or from nothing in the browser, at run time.
 *
 * @example
 * build({ ..., plugins: [bundleLazyRequires(['/repo/src/contract/prism-internals.ts'])] });
 */
export function bundleLazyRequires(paths: readonly string[]): Plugin {
  const files = new Set(paths);
  return {
    name: 'bundle-lazy-requires',
    setup(bundle) {
      bundle.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
        if (!files.has(path)) return undefined;
        const source = await readFile(path, 'utf8');
        if (!source.includes(ownRequire))
          throw new Error(`${path} no longer holds "${ownRequire}"`);
        return { contents: source.replace(ownRequire, ''), loader: 'ts' };
      });
    },
  };
}
