import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, constants, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { projectRoot } from '../support/launch-cli.ts';

// The grace period that close() promises (see startMockServer), and room for a loaded machine.
const graceMs = 5_000;
const marginMs = 3_000;

const children = new Set<ChildProcess>();
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/**
 * Starts the built CLI (dist/, as `npm test` builds it first) with stdout on a pipe, and reads
 * stdout only up to its start-up line: from then on nobody reads it, as with a parent that hangs.
 */
async function startWithStalledStdout(args: string[]) {
  const child = spawn(
    process.execPath,
    ['dist/cli/main.js', '--port', '0', '--host', '127.0.0.1', ...args],
    { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.add(child);
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exit = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  let seen = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      seen += chunk.toString();
      const match = /"url":"([^"]+)"/.exec(seen);
      if (match?.[1] === undefined) return;
      child.stdout.off('data', onData);
      child.stdout.pause();
      resolve(match[1]);
    };
    child.stdout.on('data', onData);
    void exit.then(() => {
      reject(new Error(`The CLI exited before it listened: ${stderr}`));
    });
  });
  return { child, url, exit, stderr: () => stderr };
}

/** Sends `count` requests, `parallel` at a time, each with a body of `bodyBytes`. */
async function drive(url: string, count: number, bodyBytes: number): Promise<void> {
  let next = 0;
  const body = JSON.stringify({ id: 1, name: 'x'.repeat(bodyBytes) });
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < count) {
        next++;
        const answer = await fetch(`${url}/plants`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        await answer.arrayBuffer();
      }
    }),
  );
}

async function exitTimeAfterSigterm(child: ChildProcess, exit: Promise<unknown>): Promise<number> {
  const sent = performance.now();
  child.kill('SIGTERM');
  const hang = new Promise<'hung'>((resolve) => {
    setTimeout(
      () => {
        resolve('hung');
      },
      graceMs + marginMs + 2_000,
    ).unref();
  });
  const result = await Promise.race([exit.then(() => 'exited' as const), hang]);
  return result === 'hung' ? Infinity : performance.now() - sent;
}

it('exits within its grace period on SIGTERM when nobody reads its stdout', async () => {
  const mock = await startWithStalledStdout([]);
  // 2,000 request log lines (~600 KB) fill the pipe and the parent's buffer many times over.
  await drive(mock.url, 2_000, 10);
  expect(await exitTimeAfterSigterm(mock.child, mock.exit)).toBeLessThan(graceMs + marginMs);
  expect(mock.stderr()).toMatch(/log lines (unwritten|dropped)/);
}, 60_000);

it('bounds a record file that nobody reads, says so on health, and still stops on SIGTERM', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'plant-store-mock-fifo-'));
  cleanups.push(() => {
    rmSync(folder, { recursive: true, force: true });
  });
  const fifo = join(folder, 'interactions.fifo');
  execFileSync('mkfifo', [fifo]);
  // A reader that opened the FIFO and then never reads, as a stuck consumer does.
  const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
  cleanups.push(() => {
    closeSync(reader);
  });
  const mock = await startWithStalledStdout(['--record-file', fifo]);
  // 1,000 interactions of ~15 KB: about 15 MB, past the 8 MiB that may wait.
  await drive(mock.url, 1_000, 15_000);
  const health = (await (await fetch(`${mock.url}/__admin/health`)).json()) as {
    status: string;
    recordFile?: { droppedLines: number };
  };
  expect(health.status).toBe('degraded');
  expect(health.recordFile?.droppedLines).toBeGreaterThan(0);
  expect(await exitTimeAfterSigterm(mock.child, mock.exit)).toBeLessThan(graceMs + marginMs);
}, 60_000);
