import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The nearest folder above this module that holds a package.json: the package's own folder, the
// same from src/, from tsc's dist/ and from the bundle's dist/chunks/, whichever file this code
// was bundled into.
function findPackageRoot(): string {
  const start = dirname(fileURLToPath(import.meta.url));
  for (let folder = start; ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'package.json'))) return folder;
    if (dirname(folder) === folder) return dirname(start);
  }
}

const packageRoot = findPackageRoot();

/**
 * The absolute path of a file shipped in this package, given its path from the package's root.
 *
 * @example
 * packageFile('openapi.yaml'); // '/app/node_modules/plant-store-mock/openapi.yaml'
 */
export function packageFile(path: string): string {
  return join(packageRoot, path);
}
