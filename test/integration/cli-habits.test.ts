import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  killLeftoverClis,
  launchNpm,
  projectRoot,
  runCli,
  startCli,
} from '../support/launch-cli.ts';

// The habits users bring from Prism, from npm and from a terminal.

const host = ['--host', '127.0.0.1'];
let workDir: string;
let contract: string;
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'plant-store-cli-habits-'));
  contract = join(workDir, 'my-contract.yaml');
  await copyFile(join(projectRoot, 'openapi.yaml'), contract);
});
afterAll(() => rm(workDir, { recursive: true, force: true }));
afterEach(killLeftoverClis);

async function oneErrorLine(args: string[], env: Record<string, string> = {}): Promise<string> {
  const { code, stdout, stderr } = await runCli(args, env);
  expect(stdout).toBe('');
  expect(code).toBe(2);
  const lines = stderr.trimEnd().split('\n');
  expect(lines, stderr).toHaveLength(1);
  return lines[0] ?? '';
}

it('suggests the nearest option for a mistyped one', async () => {
  expect(await oneErrorLine(['--prot', '4011'])).toBe(
    'plant-store-mock: Unknown argument: prot. Did you mean --port?',
  );
  expect(await oneErrorLine(['--log-formt', 'json', '--jornal-limit', '5'])).toMatch(
    /Did you mean --log-format for log-formt, --journal-limit for jornal-limit\?$/,
  );
});

it('takes -p for --port and a contract path without a flag, as Prism does', async () => {
  const { startup } = await startCli([contract, '-p', '0', ...host]);
  expect(startup.spec).toBe(contract);
  expect(new URL(startup.url).port).not.toBe('4010');
});

it('accepts the same contract given as a path and as --spec', async () => {
  const { startup } = await startCli([contract, '--spec', contract, '-p', '0', ...host]);
  expect(startup.spec).toBe(contract);
});

it('exits 2 naming both when the contract path and --spec differ', async () => {
  const line = await oneErrorLine([contract, '--spec', 'openapi.yaml', '-p', '0', ...host]);
  expect(line).toMatch(
    /contract is given twice: ".*my-contract\.yaml" and --spec .*"openapi\.yaml"/,
  );
});

it('exits 2 on two contract paths', async () => {
  expect(await oneErrorLine(['a.yaml', 'b.yaml', '-p', '0', ...host])).toMatch(
    /one contract path at most, got "a\.yaml" "b\.yaml"/,
  );
});

it('says to pass options after -- when `npm start --port 4011` kept the flag', async () => {
  const node24 = { PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}` };
  const npm = launchNpm(['start', '--port', '4011', '--host=127.0.0.1'], node24);
  const { code } = await npm.exited;
  expect(code).toBe(2);
  const ours = npm
    .stderr()
    .split('\n')
    .filter((line) => line.startsWith('plant-store-mock: '));
  expect(ours[0]).toBe(
    'plant-store-mock: npm kept --port, --host for itself: pass options after --, as in npm start -- --port VALUE --host 127.0.0.1',
  );
});

it('shows examples and number types in --help', async () => {
  const { code, stdout } = await runCli(['--help']);
  expect(code).toBe(0);
  expect(stdout).toMatch(/^ {2}-p, --port\s.*\[number\] \[default: 4010\]$/m);
  expect(stdout).toMatch(/--journal-limit\s.*\[number\]/);
  expect(stdout).toMatch(/^Examples:\n {2}plant-store-mock openapi\.yaml -p 4011 /m);
  expect(stdout).toContain('npm start -- --port 4011');
});

it('logs JSON when stdout is not a terminal', async () => {
  const { cli } = await startCli(['--port', '0', ...host]);
  expect(cli.lines[0]).toMatch(/^\{"level":30,/);
});

it('logs readable lines, not JSON, by default on a terminal', async () => {
  // util-linux `script` gives the CLI a pseudo-terminal as stdout.
  const command = `exec ${process.execPath} src/cli/main.ts -p 0 --host 127.0.0.1`;
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  try {
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (text) => {
        if (text.includes('listening on')) resolve(text);
      });
      child.once('error', reject);
      child.once('exit', (code) => {
        reject(new Error(`script exited (${String(code)}) before the start-up line`));
      });
    });
    expect(line).not.toMatch(/^\{/);
    expect(line).toMatch(/INFO.*plant-store-mock listening on http:\/\/127\.0\.0\.1:\d+/);
  } finally {
    process.kill(-(child.pid ?? 0), 'SIGKILL');
  }
});
