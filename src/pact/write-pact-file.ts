import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseExactJson } from '../parsing/exact-json.ts';
import { mergePacts } from './merge-pacts.ts';
import type { Pact } from './pact-document.ts';

/** How long a writer waits for another one to finish, at most. */
const lockWaitMs = 30_000;
/** A lock older than this was left by a writer that died: it is taken over. */
const staleLockMs = 60_000;

/**
 * Merges a pact into the file at `path`, safely beside parallel workers: under a `PATH.lock` folder
 * it reads, merges and renames a temporary file over it, so a reader never sees half a pact.
 */
export async function mergeIntoPactFile(path: string, pact: Pact): Promise<Pact> {
  await mkdir(dirname(path), { recursive: true });
  const lock = `${path}.lock`;
  await acquire(lock);
  try {
    const existing = await readPact(path);
    const merged = existing === undefined ? pact : mergePacts([existing, pact]);
    const partial = `${path}.${randomUUID()}.tmp`;
    await writeFile(partial, `${JSON.stringify(merged, null, 2)}\n`);
    await rename(partial, path);
    return merged;
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

async function readPact(path: string): Promise<Pact | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return parseExactJson(text) as Pact;
  } catch (cause) {
    throw new Error(
      `Failed to merge into the pact file ${path}: it is not JSON (${(cause as Error).message}). Make sure to delete it, or to give another folder.`,
      { cause },
    );
  }
}

async function acquire(lock: string): Promise<void> {
  const deadline = performance.now() + lockWaitMs;
  for (let attempt = 0; ; attempt++) {
    try {
      await mkdir(lock);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const age = await stat(lock).then(
      (info) => Date.now() - info.mtimeMs,
      () => 0,
    );
    if (age > staleLockMs) {
      await rm(lock, { recursive: true, force: true });
      continue;
    }
    if (performance.now() > deadline) {
      throw new Error(
        `Failed to write the pact file: ${lock} has been held for ${lockWaitMs / 1000} s. Make sure no other process is stuck writing it, or delete it.`,
      );
    }
    await sleep(Math.min(10 * 2 ** attempt, 200));
  }
}
