import { enableCompileCache } from 'node:module';
import { packageFile } from './package-file.ts';

/** Node's compile cache of this package's code, in the package's own folder. */
export const compileCacheFolder = packageFile('.compile-cache');

/**
 * Turns on Node's module compile cache in this thread (a worker thread needs its own call), in
 * `.compile-cache` beside `dist/`: every later start reads the bundle's compiled code from there
 * instead of compiling it again. Not in the shared temp folder, Node's default, where another
 * account could leave compiled code for this one to run: here, whoever can change the cache can
 * change the code anyway. `NODE_COMPILE_CACHE` (another folder) and `NODE_DISABLE_COMPILE_CACHE=1`
 * still win; a folder that cannot be written (a read-only install) leaves the cache off or
 * read-only, never an error.
 *
 * @example
 * enableOwnCompileCache(); // then import the bundle
 */
export function enableOwnCompileCache(): void {
  enableCompileCache({ directory: compileCacheFolder });
}
