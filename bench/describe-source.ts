import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Which code a bench run measured. */
export interface SourceSnapshot {
  /** HEAD, or null outside a git checkout. */
  commit: string | null;
  /** Whether src/ differs from HEAD. */
  dirty: boolean | null;
  /** sha256 of every file under src/ and of openapi.yaml, to notice edits during the run. */
  hash: string;
}

function git(root: string, args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch {
    return null;
  }
}

/**
 * Fingerprints the server's sources. Each server the bench starts reads them afresh, so two
 * snapshots that differ mean the rows measured different code.
 *
 * @example
 * const before = await describeSource(root);
 * // ... run ...
 * if ((await describeSource(root)).hash !== before.hash) console.warn('src/ changed');
 */
export async function describeSource(root: string): Promise<SourceSnapshot> {
  const files = (await readdir(join(root, 'src'), { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .concat(join(root, 'openapi.yaml'))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file).update('\0');
    hash.update(await readFile(file)).update('\0');
  }
  const status = git(root, ['status', '--porcelain', '--', 'src', 'openapi.yaml']);
  return {
    commit: git(root, ['rev-parse', 'HEAD']),
    dirty: status === null ? null : status !== '',
    hash: hash.digest('hex').slice(0, 16),
  };
}
