import { fileURLToPath } from 'node:url';

// This module sits in src/ or dist/, or was bundled into dist/chunks/: the package's folder is
// the one holding the last `src/` or `dist/` of its URL. Found from the URL alone (no file
// system), so the browser bundle of plant-store-mock/msw can carry it.
const here = import.meta.url;
const at = Math.max(here.lastIndexOf('/src/'), here.lastIndexOf('/dist/'));
const packageRoot = new URL(at < 0 ? '../' : here.slice(0, at + 1), here);

/**
 * The file URL of a file (or, with a trailing slash, a folder) shipped in this package, given its
 * path from the package's root.
 *
 * @example
 * packageUrl('dist/inspector/page/').href; // 'file:///app/node_modules/plant-store-mock/dist/inspector/page/'
 */
export function packageUrl(path: string): URL {
  return new URL(path, packageRoot);
}

/**
 * The absolute path of a file shipped in this package, given its path from the package's root.
 *
 * @example
 * packageFile('openapi.yaml'); // '/app/node_modules/plant-store-mock/openapi.yaml'
 */
export function packageFile(path: string): string {
  return fileURLToPath(packageUrl(path));
}
