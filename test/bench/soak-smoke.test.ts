import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

// A short run of `npm run soak`, so the script cannot rot; the full 60 s run is for people.
it('runs a short soak with every check passing', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['bench/soak.ts'], {
    cwd: root,
    env: { ...process.env, SOAK_SECONDS: '3', SOAK_CONNECTIONS: '20', SOAK_SESSIONS: '5' },
    timeout: 90_000,
  });
  expect(stdout).toMatch(/requests sent \d+/);
  expect(stdout).not.toMatch(/^FAIL/m);
  expect(stdout.match(/^ok {3}/gm)?.length).toBe(7);
}, 120_000);
