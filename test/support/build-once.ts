import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

function newestMtime(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function builtAt(): number {
  try {
    return newestMtime(join(root, 'dist'));
  } catch {
    return 0;
  }
}

/**
 * Vitest global setup of the projects that run the built package (the CLI from dist/, the
 * packed tarball, the image): builds dist/ unless it is newer than every source file, so that no
 * test runs a build left over from older sources, and a run of several projects builds once.
 */
export default function setup(): void {
  if (
    builtAt() >
    Math.max(newestMtime(join(root, 'src')), statSync(join(root, 'package.json')).mtimeMs)
  )
    return;
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
