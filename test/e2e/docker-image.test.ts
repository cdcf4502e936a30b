import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  GenericContainer,
  getContainerRuntimeClient,
  Wait,
  type StartedTestContainer,
} from 'testcontainers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlant } from './support/create-plant.ts';
import { engineProblem } from './support/engine-problem.ts';
import { mustRun } from './support/run-command.ts';

// The image users run, built from this checkout's Dockerfile on a real engine. Skipped only when
// no engine answers; an engine that cannot build or run the image fails the suite.

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const containerPort = 4010;
const image = 'plant-store-mock:e2e-test';

/** A Dockerfile's last stage as instruction lines, comments dropped and continuations joined. */
async function lastStage(path: string): Promise<string[]> {
  const text = (await readFile(path, 'utf8')).replace(/\\\n/g, ' ');
  const lines = text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const from = lines.findLastIndex((line) => line.startsWith('FROM '));
  return lines.slice(from + 1);
}

describe('the Dockerfiles', () => {
  it("end with the same runtime steps as the package's own docker/Dockerfile", async () => {
    const repo = await lastStage(`${projectRoot}Dockerfile`);
    const packaged = await lastStage(`${projectRoot}docker/Dockerfile`);
    // The repo's runtime stage copies the packed package out of its build stage; the packaged
    // Dockerfile copies the same paths out of the installed package.
    const fromPackage = repo.map((line) =>
      line
        .replace('--from=build ', '')
        .replaceAll('/package/docker/', 'docker/')
        .replaceAll('/package/', ''),
    );
    expect(fromPackage).toEqual(packaged);
  });
});

const problem = await engineProblem({ ryuk: true });

describe.skipIf(problem !== undefined)('the Docker image, on a Docker engine', () => {
  let container: StartedTestContainer | undefined;
  let url = '';
  const started = (): StartedTestContainer => {
    if (container === undefined) throw new Error('the container did not start');
    return container;
  };

  beforeAll(async () => {
    // Built by docker itself, as users build it, so that .dockerignore decides the context.
    await mustRun('docker', ['build', '-t', image, projectRoot], { timeoutMs: 900_000 });
    container = await new GenericContainer(image)
      .withEnvironment({ PLANT_MOCK_MODE: 'static' })
      .withExposedPorts(containerPort)
      .withWaitStrategy(Wait.forHttp('/__admin/health', containerPort))
      .withStartupTimeout(60_000)
      .start();
    url = `http://${started().getHost()}:${String(started().getMappedPort(containerPort))}`;
  }, 900_000);

  afterAll(async () => {
    await container?.stop();
  });

  it('takes its settings from PLANT_MOCK_* variables and reports them on /__admin/health', async () => {
    const response = await fetch(`${url}/__admin/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', mode: 'static' });
  });

  it('answers POST /plants with the contract', async () => {
    // Static mode answers the contract's first example, whatever the name sent.
    expect(await createPlant(url, { id: 1, name: 'Fern' })).toMatchObject({
      status: 200,
      body: { name: expect.any(String) as unknown },
    });
    expect(await createPlant(url, { id: 'one' })).toMatchObject({
      status: 400,
      body: { error: 400, message: expect.stringContaining('body/id') as unknown },
    });
  });

  it('runs as a non-root user on Node 24, with production dependencies only', async () => {
    const user = await started().exec(['id', '-u']);
    expect(user.stdout.trim()).not.toBe('0');
    const node = await started().exec(['node', '--version']);
    expect(node.stdout).toMatch(/^v24\./);
    expect((await started().exec(['test', '-e', 'node_modules/express'])).exitCode).toBe(0);
    for (const devOnly of ['node', 'vitest', 'typescript', 'testcontainers']) {
      const found = await started().exec(['test', '-e', `node_modules/${devOnly}`]);
      expect(found.exitCode, devOnly).not.toBe(0);
    }
  });

  it('starts from the compiled code the build cached, which its user can read but not change', async () => {
    // Node says, with this variable, which compiled code it took from its cache.
    const traced = await started().exec(['node', 'dist/cli/main.js', '--version'], {
      env: { NODE_DEBUG_NATIVE: 'COMPILE_CACHE' },
    });
    expect(traced.exitCode).toBe(0);
    expect(traced.output).toMatch(
      /for ESM file:\/\/\/app\/dist\/chunks\/run-cli-\w+\.js was accepted/,
    );
    // The folder of this Node and user is there, and that user cannot write it.
    const folder = 'node_modules/.cache/plant-store-mock';
    const own = await started().exec(['sh', '-c', `ls -d ${folder}/v*-"$(id -u)"`]);
    expect(own.exitCode).toBe(0);
    const writable = await started().exec(['test', '-w', own.stdout.trim()]);
    expect(writable.exitCode).not.toBe(0);
  });

  it('passes its own HEALTHCHECK command', async () => {
    const client = await getContainerRuntimeClient();
    const inspected = await client.container.inspect(client.container.getById(started().getId()));
    const test = inspected.Config.Healthcheck?.Test ?? [];
    expect(test[0]).toBe('CMD');
    const checked = await started().exec(test.slice(1));
    expect(checked.exitCode).toBe(0);
  });

  it('exits 0 when docker stop sends SIGTERM', async () => {
    const client = await getContainerRuntimeClient();
    const handle = client.container.getById(started().getId());
    await started().stop({ timeout: 10_000, remove: false });
    container = undefined;
    const { State } = await client.container.inspect(handle);
    await client.container.remove(handle, { removeVolumes: true });
    expect(State.ExitCode).toBe(0);
  });
});
