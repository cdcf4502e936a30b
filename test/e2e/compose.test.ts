import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlant } from './support/create-plant.ts';
import { engineProblem } from './support/engine-problem.ts';
import { commandProblem } from './support/command-problem.ts';
import { mustRun, runCommand } from './support/run-command.ts';

// The README's dev-stack example, brought up as written with docker-compose on a real engine.

const composeFile = fileURLToPath(
  new URL('../../examples/compose/docker-compose.yml', import.meta.url),
);
const project = `plant-store-mock-e2e-${String(process.pid)}`;

/** A port that is free on 127.0.0.1 right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const problem = (await engineProblem()) ?? (await commandProblem('docker-compose', ['version']));

describe.skipIf(problem !== undefined)('examples/compose, with docker-compose', () => {
  let url = '';
  let env: NodeJS.ProcessEnv = {};
  const compose = (...args: string[]) =>
    mustRun('docker-compose', ['-p', project, '-f', composeFile, ...args], {
      env,
      timeoutMs: 600_000,
    });

  beforeAll(async () => {
    const port = await freePort();
    env = { ...process.env, PLANT_MOCK_HOST_PORT: String(port) };
    url = `http://127.0.0.1:${String(port)}`;
    await compose('up', '-d', '--build');
  }, 900_000);

  afterAll(async () => {
    await runCommand('docker-compose', ['-p', project, '-f', composeFile, 'down', '-v'], { env });
  }, 120_000);

  it('becomes healthy by its healthcheck', async () => {
    const id = (await compose('ps', '-q', 'plant-store-mock')).trim();
    let status = '';
    // Bounded: 60 polls of 1 s; the healthcheck runs every 2 s.
    for (let poll = 0; poll < 60 && status !== 'healthy'; poll++) {
      status = (
        await mustRun('docker', ['inspect', '-f', '{{.State.Health.Status}}', id], { env })
      ).trim();
      if (status !== 'healthy') await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    expect(status).toBe('healthy');
  }, 90_000);

  it('answers a create, and knows the mounted fixtures', async () => {
    expect(await createPlant(url, { id: 10, name: 'Monstera' })).toEqual({
      status: 200,
      body: { name: 'Monstera' },
    });
    // id 100 is only in examples/compose/plants.json, not in the bundled fixtures.
    expect(await createPlant(url, { id: 100, name: 'Another olive' })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('100') as unknown },
    });
  });
});
