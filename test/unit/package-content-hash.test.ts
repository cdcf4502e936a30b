import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { packageContentHash } from '../../src/testcontainers/package-content-hash.ts';

// The Testcontainers module tags the image it builds by the package's content, so that two
// builds of one version (a rebuilt or patched package) never run each other's image.

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'plant-store-content-hash-'));
  for (const path of [
    'package.json',
    'openapi.yaml',
    'fixtures/plants.json',
    'docker/Dockerfile',
  ]) {
    await cp(join(projectRoot, path), join(folder, path));
  }
  await cp(join(projectRoot, 'src/cli'), join(folder, 'dist/cli'), { recursive: true });
});
afterAll(() => rm(folder, { recursive: true, force: true }));

it('gives one package the same hash every time, and another build of it another hash', async () => {
  const first = packageContentHash(folder);
  expect(first).toMatch(/^[0-9a-f]{12}$/);
  expect(packageContentHash(folder)).toBe(first);

  await writeFile(join(folder, 'dist/cli/extra.js'), '// one more file\n');
  const added = packageContentHash(folder);
  expect(added).not.toBe(first);

  await writeFile(join(folder, 'dist/cli/extra.js'), '// one more file, changed\n');
  const changed = packageContentHash(folder);
  expect(changed).not.toBe(added);

  // What the image does not hold does not change its tag.
  await writeFile(join(folder, 'README.md'), 'not copied into the image\n');
  expect(packageContentHash(folder)).toBe(changed);
});
