import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createPlant } from '../support/mock-fetch.ts';
import { spawnCli, waitForLine, type CliProcess } from '../support/spawn-cli.ts';

let folder: string;
let cli: CliProcess | undefined;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'plant-store-mock-'));
});
afterEach(async () => {
  cli?.child.kill('SIGKILL');
  cli = undefined;
  await rm(folder, { recursive: true, force: true });
});

async function recordedIds(path: string): Promise<string[]> {
  const text = await readFile(path, 'utf8');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => (JSON.parse(line) as { id: string }).id);
}

it('holds exactly the requests sent once the mock stopped on SIGTERM', async () => {
  const file = join(folder, 'interactions.jsonl');
  cli = await spawnCli(['--record-file', file, '--tokens', 'secret']);
  for (let id = 1; id <= 200; id++) {
    await createPlant(cli, { id, name: `Plant ${id}` }, { authorization: 'Bearer secret' });
  }
  cli.child.kill('SIGTERM');
  expect(await cli.exited).toBe(0);
  const ids = await recordedIds(file);
  expect(ids).toEqual(Array.from({ length: 200 }, (_, i) => String(i + 1)));
  expect(await readFile(file, 'utf8')).not.toContain('secret');
});

it('loses no answered request when SIGTERM arrives under load', async () => {
  const file = join(folder, 'interactions.jsonl');
  cli = await spawnCli(['--record-file', file]);
  const running = cli;
  const answered: number[] = [];
  let id = 0;
  let stop = false;
  const worker = async () => {
    while (!stop && id < 5_000) {
      const mine = ++id;
      try {
        const answer = await createPlant(running, { id: mine, name: 'Fern' });
        if (answer.status === 200) answered.push(mine);
      } catch {
        stop = true; // the server has stopped accepting
      }
    }
  };
  const load = Promise.all(Array.from({ length: 10 }, worker));
  while (answered.length < 300) await new Promise((resolve) => setImmediate(resolve));
  running.child.kill('SIGTERM');
  expect(await running.exited).toBe(0);
  stop = true;
  await load;
  const recordedBodies = (await readFile(file, 'utf8'))
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => (JSON.parse(line) as { request: { body: { id: number } } }).request.body.id);
  expect(new Set(recordedBodies).size).toBe(recordedBodies.length);
  for (const sent of answered) expect(recordedBodies).toContain(sent);
});

it('keeps serving and says why when the record file cannot be written', async () => {
  cli = await spawnCli(['--record-file', join(folder, 'missing-folder', 'x.jsonl')]);
  expect((await createPlant(cli, { id: 1, name: 'Fern' })).status).toBe(200);
  expect((await createPlant(cli, { id: 2, name: 'Fern' })).status).toBe(200);
  await expect(
    waitForLine(cli, (line) => line.includes('Failed to write the record file')),
  ).resolves.toContain('Failed to write the record file');
});
