import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What docker/Dockerfile copies from the package folder, and the Dockerfile itself. */
const buildContext = [
  'docker/Dockerfile',
  'docker/package-lock.json',
  'package.json',
  'openapi.yaml',
  'fixtures/plants.json',
  'dist',
];

/**
 * The first 12 hex digits of a SHA-256 over the package files the image is built from (each
 * file's path and bytes, in a fixed order), so that two builds of one version get two tags. A
 * missing file counts as absent (docker/package-lock.json exists only in the packed package).
 *
 * @example
 * packageContentHash('/app/node_modules/plant-store-mock/'); // 'a3f09c21d4e7'
 */
export function packageContentHash(packageRoot: string): string {
  const hash = createHash('sha256');
  for (const path of buildContext.flatMap((entry) => filesUnder(join(packageRoot, entry)))) {
    hash.update(`${relative(packageRoot, path)}\0`);
    hash.update(readFileSync(path));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

function filesUnder(path: string): string[] {
  let entries;
  try {
    entries = readdirSync(path, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') return [path];
    if (code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) =>
      entry.isDirectory() ? filesUnder(join(path, entry.name)) : [join(path, entry.name)],
    );
}
