import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * Builds `dist/` as `npm run build` does (the generated schema checks, tsc, then the bundle of the
 * CLI and the main entry): the measured servers run from `dist/`, so it must be built from the
 * sources being measured.
 *
 * @example
 * buildDist(root);
 */
export function buildDist(root: string): void {
  // A checkout from before the generated schema checks has no such script.
  if (existsSync(join(root, 'scripts/build-schema-checks.ts'))) {
    execFileSync(process.execPath, ['scripts/build-schema-checks.ts'], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  execFileSync(
    process.execPath,
    [createRequire(import.meta.url).resolve('typescript/bin/tsc'), '-p', 'tsconfig.json'],
    { cwd: root, stdio: 'inherit' },
  );
  // A checkout from before the bundle has no such script.
  if (existsSync(join(root, 'scripts/build-bundle.ts'))) {
    execFileSync(process.execPath, ['scripts/build-bundle.ts'], { cwd: root, stdio: 'inherit' });
  }
}
