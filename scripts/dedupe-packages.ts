import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'esbuild';

/** Not resolved again: the plugin's own call of esbuild's resolution. */
const ownCall = Symbol('dedupe-packages');

/**
 * An esbuild plugin that bundles one copy of a package npm installed several times at one
 * version: nested under each dependent because another version sits at the top (Express,
 * body-parser and send each have mime-types 3.0.2 beside the top's 2.1.35). Each copy would be
 * loaded and set up again; an import of any copy gets the copy whose path sorts first, so the
 * bundle is the same whatever the order esbuild resolves in.
 *
 * @example
 * build({ ..., plugins: [dedupePackages('/repo/node_modules')] });
 */
export function dedupePackages(nodeModules: string): Plugin {
  let copies: Map<string, string> | undefined;
  return {
    name: 'dedupe-packages',
    setup(bundle) {
      bundle.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === ownCall) return undefined;
        const { importer, namespace, resolveDir, kind } = args;
        const options = { importer, namespace, resolveDir, kind, pluginData: ownCall };
        const found = await bundle.resolve(args.path, options);
        if (found.errors.length > 0 || found.external) return undefined;
        const root = /^(.*\/node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(found.path)?.[1];
        copies ??= firstCopies(realpathSync(nodeModules));
        const first = root === undefined ? undefined : copies.get(packageKey(root));
        const path = first === undefined ? found.path : first + found.path.slice(root?.length);
        return { path, sideEffects: found.sideEffects, suffix: found.suffix };
      });
    },
  };
}

// `name@version` of each installed package, to the folder of its first copy.
function firstCopies(nodeModules: string): Map<string, string> {
  const first = new Map<string, string>();
  for (const root of packageFolders(nodeModules).sort()) {
    const key = packageKey(root);
    if (!first.has(key)) first.set(key, root);
  }
  return first;
}

// Every package folder under a node_modules folder, nested ones included.
function packageFolders(nodeModules: string): string[] {
  const folders: string[] = [];
  for (const name of readdirSync(nodeModules)) {
    if (name.startsWith('.')) continue;
    const names = name.startsWith('@')
      ? readdirSync(join(nodeModules, name)).map((inner) => `${name}/${inner}`)
      : [name];
    for (const each of names) {
      const folder = join(nodeModules, each);
      if (!existsSync(join(folder, 'package.json'))) continue;
      folders.push(folder);
      const nested = join(folder, 'node_modules');
      if (existsSync(nested)) folders.push(...packageFolders(nested));
    }
  }
  return folders;
}

const keys = new Map<string, string>();
function packageKey(root: string): string {
  let key = keys.get(root);
  if (key === undefined) {
    const manifest = join(root, 'package.json');
    const { name, version } = existsSync(manifest)
      ? (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string })
      : {};
    key = name === undefined || version === undefined ? root : `${name}@${version}`;
    keys.set(root, key);
  }
  return key;
}
