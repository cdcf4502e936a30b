import { copyFile, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/**
 * Makes the packed package.json carry no lifecycle scripts of the repo's own: npm runs `prepare`
 * after `npm ci` in a clone (it builds dist/), but an installer has no use for it and npm warns
 * about it. `strip` (the prepack script, after the build) keeps package.json aside and writes it
 * without prepare, prepack and postpack; `restore` (postpack) puts it back. npm read the scripts
 * before prepack, so postpack still runs. A pack that failed between the two leaves the copy,
 * which the next `strip` or `restore` starts from. `strip` also copies the lockfile beside the
 * shipped Dockerfile.
 *
 * @example
 * // node scripts/pack-manifest.ts strip
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const manifest = `${root}package.json`;
const keptAside = `${root}package.json.packing`;
const repoOnly = ['prepare', 'prepack', 'postpack'];

async function original(): Promise<string> {
  try {
    return await readFile(keptAside, 'utf8');
  } catch {
    return readFile(manifest, 'utf8');
  }
}

const step = process.argv[2];
if (step === 'strip') {
  const text = await original();
  await writeFile(keptAside, text);
  const packed = JSON.parse(text) as { scripts?: Record<string, string> };
  for (const name of repoOnly) delete packed.scripts?.[name];
  await writeFile(manifest, `${JSON.stringify(packed, null, 2)}\n`);
  await copyFile(`${root}package-lock.json`, `${root}docker/package-lock.json`);
} else if (step === 'restore') {
  await rename(keptAside, manifest).catch(async (error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await rm(keptAside, { force: true });
  });
} else {
  throw new Error(
    `Failed to run pack-manifest: unknown step ${String(step)}. Make sure to pass strip or restore.`,
  );
}
