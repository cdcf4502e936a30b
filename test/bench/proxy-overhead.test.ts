import { execFile } from 'node:child_process';
import { expect, it } from 'vitest';
import { projectRoot } from '../support/launch-cli.ts';

// A short run of bench/proxy-overhead.ts: it starts the provider and both mocks, loads each,
// and prints the table with no unexpected answer.
it('prints the proxy overhead table with every answer as expected', async () => {
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      ['bench/proxy-overhead.ts', '--amount', '100', '--rounds', '1', '--connections', '2'],
      { cwd: projectRoot, timeout: 120_000 },
      (error, out, err) => {
        if (error === null) resolve(out);
        else reject(new Error(`bench/proxy-overhead.ts failed: ${err}`, { cause: error }));
      },
    );
  });
  expect(stdout).toMatch(/\| provider, direct \| \d+ \| [\d.]+ \| 1\.00x \| 0 \|/);
  expect(stdout).toMatch(/\| through the mock \(--upstream\) \| \d+ \| [\d.]+ \| [\d.]+x \| 0 \|/);
}, 150_000);
