import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlant } from './support/create-plant.ts';
import { engineProblem } from './support/engine-problem.ts';
import { commandProblem } from './support/command-problem.ts';
import { composeProject } from './support/compose-project.ts';

// The README's dev-stack example, brought up as written with docker-compose on a real engine.

const composeFile = fileURLToPath(
  new URL('../../examples/compose/docker-compose.yml', import.meta.url),
);
const project = `plant-store-mock-e2e-${String(process.pid)}`;

const problem = (await engineProblem()) ?? (await commandProblem('docker-compose', ['version']));

describe.skipIf(problem !== undefined)('examples/compose, with docker-compose', () => {
  const stack = composeProject(composeFile, project, 600_000);

  beforeAll(() => stack.up(), 900_000);

  afterAll(() => stack.down(), 120_000);

  it('becomes healthy by its healthcheck', async () => {
    // Bounded: 60 polls of 1 s; the healthcheck runs every 2 s.
    expect(await stack.healthOf('plant-store-mock', 60)).toBe('healthy');
  }, 90_000);

  it('answers a create, and knows the mounted fixtures', async () => {
    expect(await createPlant(stack.url, { id: 10, name: 'Monstera' })).toEqual({
      status: 200,
      body: { name: 'Monstera' },
    });
    // id 100 is only in examples/compose/plants.json, not in the bundled fixtures.
    expect(await createPlant(stack.url, { id: 100, name: 'Another olive' })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('100') as unknown },
    });
  });
});
