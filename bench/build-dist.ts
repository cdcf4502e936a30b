import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * Compiles `src/` to `dist/` with the project's TypeScript: the measured servers run from
 * `dist/`, so it must be built from the sources being measured.
 *
 * @example
 * buildDist(root);
 */
export function buildDist(root: string): void {
  execFileSync(
    process.execPath,
    [createRequire(import.meta.url).resolve('typescript/bin/tsc'), '-p', 'tsconfig.json'],
    { cwd: root, stdio: 'inherit' },
  );
}
