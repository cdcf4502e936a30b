import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunningMockServer } from 'plant-store-mock';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { admin } from '../support/admin-fetch.ts';
import { createPlant, startTestServer } from '../support/mock-fetch.ts';

const contract = fileURLToPath(new URL('../../openapi.yaml', import.meta.url));
let folder: string;
let server: RunningMockServer | undefined;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'plant-store-mock-watch-'));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(folder, { recursive: true, force: true });
});

async function health(running: RunningMockServer) {
  return (await admin(running, '/health')).body as { spec: { version: string; hash: string } };
}

it('reloads a changed spec under load without a failed request, and keeps the old one when the new one is broken', async () => {
  const spec = join(folder, 'openapi.yaml');
  await copyFile(contract, spec);
  const running = await startTestServer({ spec, watch: true, mode: 'static' });
  server = running;
  const before = await health(running);

  const failures: string[] = [];
  let sent = 0;
  let done = false;
  const worker = async () => {
    while (!done && sent < 20_000) {
      const id = ++sent;
      try {
        const answer = await createPlant(running, { id, name: 'Fern' });
        if (answer.status !== 200) failures.push(`${id}: ${answer.status} ${answer.text}`);
      } catch (error) {
        failures.push(`${id}: ${(error as Error).message}`);
      }
    }
  };
  const load = Promise.all(Array.from({ length: 4 }, worker));

  const text = await readFile(contract, 'utf8');
  await writeFile(
    spec,
    text
      .replace('version: 1.0.0', 'version: 1.0.1')
      .replace(
        'name: Monstera\n                    tag: tropical',
        'name: Calathea\n                    tag: prayer',
      ),
  );
  await expect
    .poll(async () => (await health(running)).spec.version, { timeout: 5_000 })
    .toBe('1.0.1');
  const reloaded = await health(running);
  expect(reloaded.spec.hash).not.toBe(before.spec.hash);
  expect((await createPlant(running, { id: 1, name: 'x' })).body).toEqual({
    name: 'Calathea',
    tag: 'prayer',
  });

  await writeFile(spec, 'openapi: 3.1.0\ninfo: [this is not valid\n');
  const sentBeforeBreak = sent;
  await expect.poll(() => sent > sentBeforeBreak + 200, { timeout: 5_000 }).toBe(true);
  done = true;
  await load;
  expect(failures).toEqual([]);
  expect(sent).toBeGreaterThan(200);
  expect((await health(running)).spec.hash).toBe(reloaded.spec.hash);
});

it('reloads changed fixtures: every session starts from them again', async () => {
  const fixtures = join(folder, 'plants.json');
  await writeFile(fixtures, JSON.stringify([{ id: 1, name: 'Aloe' }]));
  server = await startTestServer({ fixtures, watch: true });
  const running = server;
  expect((await createPlant(running, { id: 2, name: 'Fern' })).status).toBe(200);
  await writeFile(
    fixtures,
    JSON.stringify([
      { id: 1, name: 'Aloe' },
      { id: 5, name: 'Ivy' },
    ]),
  );
  // Each probe uses a new session, which starts from the fixtures of the moment.
  let probe = 0;
  const probeStatus = async () =>
    (await createPlant(running, { id: 5, name: 'Ivy' }, { 'x-mock-session': `probe-${++probe}` }))
      .status;
  await expect.poll(probeStatus, { timeout: 5_000 }).toBe(400);
  expect((await createPlant(running, { id: 2, name: 'Fern' })).status).toBe(200);
});

it('reloads a spec given as ./ or ../ and keeps every store; only a fixtures edit resets them', async () => {
  const spec = join(folder, 'openapi.yaml');
  const fixtures = join(folder, 'plants.json');
  await copyFile(contract, spec);
  await writeFile(fixtures, JSON.stringify([{ id: 1, name: 'Aloe' }]));
  const fromHere = relative(process.cwd(), spec);
  for (const [index, path] of [`./${fromHere}`, fromHere].entries()) {
    expect(path).toMatch(/^\.\.?\//);
    const running = await startTestServer({ spec: path, fixtures, watch: true });
    server = running;
    const session = { 'x-mock-session': `kept-${index}` };
    expect((await createPlant(running, { id: 2, name: 'Fern' }, session)).status).toBe(200);
    const text = await readFile(contract, 'utf8');
    await writeFile(spec, text.replace('version: 1.0.0', `version: 1.0.${index + 5}`));
    await expect
      .poll(async () => (await health(running)).spec.version, { timeout: 5_000 })
      .toBe(`1.0.${index + 5}`);
    // The plant created before the spec edit is still in the session's store.
    expect((await createPlant(running, { id: 2, name: 'Fern' }, session)).status).toBe(400);
    await writeFile(
      fixtures,
      JSON.stringify([
        { id: 1, name: 'Aloe' },
        { id: 3, name: 'Ivy' },
      ]),
    );
    await expect
      .poll(async () => (await createPlant(running, { id: 2, name: 'Fern' }, session)).status, {
        timeout: 5_000,
      })
      .toBe(200);
    await running.close();
    server = undefined;
    await copyFile(contract, spec);
    await writeFile(fixtures, JSON.stringify([{ id: 1, name: 'Aloe' }]));
  }
});
