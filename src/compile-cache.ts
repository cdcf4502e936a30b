import { chmodSync, lstatSync, mkdirSync, type Stats } from 'node:fs';
import * as nodeModule from 'node:module';
import { basename, dirname, join } from 'node:path';
import { packageFile } from './package-file.ts';

// The project's node_modules: the one this package is installed in, or the checkout's own.
const packageRoot = packageFile('.');
const nodeModules =
  basename(dirname(packageRoot)) === 'node_modules'
    ? dirname(packageRoot)
    : join(packageRoot, 'node_modules');

/**
 * Node's compile cache of this package's code: `node_modules/.cache/plant-store-mock`, where
 * tools keep their caches, outside the package's folder (which Testcontainers sends whole to
 * the engine as the image's build context).
 */
export const compileCacheFolder = join(nodeModules, '.cache', 'plant-store-mock');

const othersMayWrite = 0o022;

/**
 * Turns on Node's module compile cache in this thread (a worker thread needs its own call):
 * every later start reads the bundle's compiled code from `compileCacheFolder` instead of
 * compiling it again. Not in the shared temp folder, Node's default, where another account could
 * leave compiled code for this one to run; and only when the folder is this user's or root's
 * and no one else may write it: then whoever can change the cache can change the code anyway.
 * `NODE_COMPILE_CACHE` (another folder) and `NODE_DISABLE_COMPILE_CACHE=1` still win. A folder
 * that cannot be made or written (a read-only install) leaves the cache off or read-only: the
 * cache is an optimisation, never an error.
 *
 * @example
 * enableOwnCompileCache(); // then import the bundle
 */
export function enableOwnCompileCache(): void {
  // Read through the namespace: on a Node without it, the CLI goes on to its version warning.
  const { enableCompileCache, getCompileCacheDir } = nodeModule as Partial<typeof nodeModule>;
  if (typeof enableCompileCache !== 'function' || typeof getCompileCacheDir !== 'function') return;
  try {
    mkdirSync(compileCacheFolder, { recursive: true, mode: 0o755 });
    if (!isPrivate(lstatSync(compileCacheFolder))) return;
    enableCompileCache(compileCacheFolder);
    // Node makes its folder of this Node version and user with the umask's mode: a umask that
    // lets the group write (002) would let the group plant code in it.
    const own = getCompileCacheDir();
    if (own === undefined) return;
    const stats = lstatSync(own);
    if ((stats.mode & othersMayWrite) !== 0 && stats.uid === process.getuid?.()) {
      chmodSync(own, stats.mode & 0o755);
    }
  } catch {
    // Without the cache the start compiles as it always did.
  }
}

function isPrivate(stats: Stats): boolean {
  const user = process.getuid?.();
  if (user === undefined) return true;
  return (
    stats.isDirectory() &&
    (stats.uid === user || stats.uid === 0) &&
    (stats.mode & othersMayWrite) === 0
  );
}
