import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runNpm } from './run-command.ts';

const projectRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** The version of a package in the repo's node_modules, so that a new project gets the same. */
export async function devVersion(name: string): Promise<string> {
  const manifest = await readFile(join(projectRoot, 'node_modules', name, 'package.json'), 'utf8');
  return (JSON.parse(manifest) as { version: string }).version;
}

/**
 * What a user gets: the tarball `npm pack` makes on this checkout, installed into a new project
 * (an ES module package) outside the repo, beside `packages` at the repo's versions.
 *
 * @example
 * const { project } = await installPacked('plant-store-mock-page-', ['msw']);
 */
export async function installPacked(
  prefix: string,
  packages: string[],
): Promise<{ project: string; tarball: string }> {
  const project = await mkdtemp(join(tmpdir(), prefix));
  await runNpm(['pack', '--silent', '--pack-destination', project], projectRoot);
  const packed = (await readdir(project)).find((name) => name.endsWith('.tgz'));
  if (packed === undefined) throw new Error(`npm pack left no tarball in ${project}`);
  const tarball = join(project, packed);
  await writeFile(
    join(project, 'package.json'),
    JSON.stringify({ name: 'plant-store-mock-consumer', private: true, type: 'module' }),
  );
  const versions = await Promise.all(
    packages.map(async (name) => `${name}@${await devVersion(name)}`),
  );
  await runNpm(
    ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball, ...versions],
    project,
    600_000,
  );
  return { project, tarball };
}
