import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { projectRoot } from '../support/launch-cli.ts';

const smokeTimeoutMs = 120_000;
const committedResults = join(projectRoot, 'bench', 'results.json');

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'plant-store-bench-'));
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

function readIfPresent(path: string): Promise<string | undefined> {
  return readFile(path, 'utf8').catch(() => undefined);
}

/** Runs `node bench/run-bench.ts ARGS` with this Node and resolves with how it ended. */
function runBench(
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('BENCH_')),
  );
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['bench/run-bench.ts', ...args],
      { cwd: projectRoot, env, timeout: smokeTimeoutMs, maxBuffer: 16 * 2 ** 20 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

it(
  'runs the smoke bench: every mode, the baseline and bare node:http answer every request as expected, each row a ratio of the bare server, p99 judged at a fixed rate',
  async () => {
    const committedBefore = await readIfPresent(committedResults);
    const out = join(workDir, 'smoke.json');

    const { code, stdout, stderr } = await runBench(['--smoke', '--out', out]);

    expect(code, stderr).toBe(0);
    const servers = ['stateful', 'static', 'dynamic']
      .map((mode) => `plant-store-mock ${mode}`)
      .concat('express+ajv baseline', 'node:http (bare)');
    const lines = stdout.split('\n').filter((line) => line.startsWith('| '));
    expect(lines[0]).toMatch(/\|\s+req\/s vs bare \|\s+p99 vs bare \|$/);
    // The bare server's own rows are 1.00x of themselves.
    expect(lines.find((line) => line.startsWith('| node:http (bare)'))).toMatch(
      /1\.00x \|\s+1\.00x \|$/,
    );
    const rows = lines.map((line) =>
      line
        .split('|')
        .slice(1, 4)
        .map((cell) => cell.trim()),
    );
    for (const server of servers) {
      for (const request of ['valid create', 'invalid create', 'no token']) {
        expect(rows).toContainEqual([server, request, '10']);
      }
      // The latency cell: at saturation a p99 is queueing, so the targets judge it at a fixed rate.
      expect(rows).toContainEqual([server, 'valid create at 1000/s', '10']);
    }
    expect(stdout).toMatch(
      /plant-store-mock stateful, valid creates x10: .* p99 [\d.]+ ms at 1000\/s/,
    );
    const results = JSON.parse(await readFile(out, 'utf8')) as {
      meta: { smoke: boolean; node: string };
      servers: { name: string; cells: { unexpected: number; responses: number }[] }[];
    };
    expect(results.meta).toMatchObject({ smoke: true, node: process.version });
    expect(results.servers.map((server) => server.name)).toEqual(servers);
    for (const cell of results.servers.flatMap((server) => server.cells)) {
      expect(cell).toMatchObject({ unexpected: 0, responses: 300 });
    }
    expect(await readIfPresent(committedResults)).toBe(committedBefore);
  },
  smokeTimeoutMs + 10_000,
);
