import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { projectRoot } from '../support/launch-cli.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

it('never leaves a cut line in a log file that can take no more, and says why on stderr', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'plant-store-mock-log-'));
  const file = join(folder, 'mock.log');
  const out = openSync(file, 'a');
  const listen = ['--port', '0', '--host', '127.0.0.1'];
  // `ulimit -f 16` (512-byte blocks in sh): past 8 KiB, writes are cut short, then fail (EFBIG).
  const child = spawn(
    'sh',
    ['-c', 'ulimit -f 16 && exec "$@"', 'sh', process.execPath, 'dist/cli/main.js', ...listen],
    { cwd: projectRoot, stdio: ['ignore', out, 'pipe'] },
  );
  closeSync(out);
  cleanups.push(() => {
    child.kill('SIGKILL');
    rmSync(folder, { recursive: true, force: true });
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const url = await vi.waitFor(
    () => {
      const match = /"url":"([^"]+)"/.exec(readFileSync(file, 'utf8'));
      if (match?.[1] === undefined) throw new Error(`not listening yet: ${stderr}`);
      return match[1];
    },
    { timeout: 15_000, interval: 20 },
  );
  // 200 request lines of ~300 bytes: several times what the file may hold.
  for (let id = 1; id <= 200; id++) {
    const answer = await fetch(`${url}/plants`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
      body: JSON.stringify({ id, name: 'Fern' }),
    });
    await answer.arrayBuffer();
  }
  await vi.waitFor(
    () => {
      expect(stderr).toMatch(/failed to write the log: .*(EFBIG|too large)/i);
    },
    { timeout: 5_000 },
  );
  child.kill('SIGTERM');
  await once(child, 'exit');
  const text = readFileSync(file, 'utf8');
  expect(text.length).toBeGreaterThan(4_096);
  expect(text.endsWith('\n')).toBe(true);
  for (const line of text.trimEnd().split('\n'))
    expect(() => JSON.parse(line) as unknown).not.toThrow();
});
