import { copyFile, cp, mkdir, mkdtemp, readdir, realpath, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The example consumer suite of a built checkout as a consumer has it: the suite's files in a
 * project whose `node_modules/plant-store-mock` holds the package's files (a copy, so vitest
 * loads it as a dependency, natively, and not through its transform as it does a self-reference
 * to the checkout) beside links to the checkout's dependencies. Resolves with the suite's folder.
 *
 * @example
 * const suite = await installedSuite('/repo'); // '/tmp/plant-store-consumer-x/consumer-suite'
 */
export async function installedSuite(checkout: string): Promise<string> {
  const project = await mkdtemp(join(tmpdir(), 'plant-store-consumer-'));
  const modules = join(project, 'node_modules');
  await mkdir(modules);
  const installed = join(checkout, 'node_modules');
  for (const name of await readdir(installed)) {
    if (name === 'plant-store-mock' || name.startsWith('.')) continue;
    await symlink(await realpath(join(installed, name)), join(modules, name));
  }
  const ownCopy = join(modules, 'plant-store-mock');
  for (const part of ['package.json', 'dist', 'openapi.yaml', 'fixtures']) {
    await cp(join(checkout, part), join(ownCopy, part), { recursive: true });
  }
  const suite = join(project, 'consumer-suite');
  await cp(join(checkout, 'examples', 'consumer-suite'), suite, { recursive: true });
  await copyFile(join(checkout, 'examples', 'plant-api.ts'), join(project, 'plant-api.ts'));
  return suite;
}
