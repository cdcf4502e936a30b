import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

// A short run of `npm run soak`, so the script cannot rot; the full 60 s run is for people.
it('runs a short soak with every check passing', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['bench/soak.ts'], {
    cwd: root,
    env: {
      ...process.env,
      SOAK_SECONDS: '3',
      SOAK_CONNECTIONS: '20',
      SOAK_SESSIONS: '5',
      SOAK_EVENT_CLIENTS: '100',
    },
    timeout: 90_000,
  });
  expect(stdout).toMatch(/requests sent \d+/);
  expect(stdout).not.toMatch(/^FAIL/m);
  expect(stdout.match(/^ok {3}/gm)?.length).toBe(8);
  // The default --event-client-limit is 64: the other 36 streams are refused.
  expect(stdout).toMatch(/100 opened, 64 taken \(limit 64\), 36 refused with 503/);
}, 120_000);
