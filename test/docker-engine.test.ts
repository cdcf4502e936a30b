import { fileURLToPath } from 'node:url';
import {
  GenericContainer,
  getContainerRuntimeClient,
  Wait,
  type StartedTestContainer,
} from 'testcontainers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlant } from './support/mock-fetch.ts';

// Builds and runs the real image. Where no Docker engine answers, the suite is skipped (and
// reported as skipped, not passed); test/docker-image.test.ts covers the same steps on the host.

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const containerPort = 4010;
const engineTimeoutMs = 5_000;

/** Why no engine can be used, or undefined when one answers. */
async function engineProblem(): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`no answer within ${engineTimeoutMs} ms`));
    }, engineTimeoutMs);
  });
  try {
    await Promise.race([getContainerRuntimeClient(), timeout]);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    clearTimeout(timer);
  }
}

const problem = await engineProblem();
if (problem !== undefined) {
  console.warn(`Docker engine not reachable: skipping the image tests (${problem})`);
}

describe.skipIf(problem !== undefined)('the Docker image, on a Docker engine', () => {
  let container: StartedTestContainer | undefined;
  let url: string;

  beforeAll(async () => {
    // The first build downloads the base image and every package; later ones hit the layer cache.
    const image = await GenericContainer.fromDockerfile(projectRoot).build();
    container = await image
      .withExposedPorts(containerPort)
      .withWaitStrategy(Wait.forHttp('/__admin/health', containerPort))
      .withStartupTimeout(60_000)
      .start();
    url = `http://${container.getHost()}:${container.getMappedPort(containerPort)}`;
  }, 600_000);

  afterAll(async () => {
    await container?.stop();
  });

  it('answers GET /__admin/health with 200 and status ok', async () => {
    const response = await fetch(`${url}/__admin/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', mode: 'stateful' });
  });

  it('answers POST /plants with 200 and the created plant', async () => {
    const answer = await createPlant({ url }, { id: 1, name: 'Fern' });
    expect(answer).toMatchObject({ status: 200, body: { name: 'Fern' } });
  });

  it('runs as a non-root user', async () => {
    const started = container;
    if (started === undefined) throw new Error('the container did not start');
    const { exitCode, stdout } = await started.exec(['id', '-u']);
    expect(exitCode).toBe(0);
    expect(stdout.trim()).not.toBe('0');
  });

  it('exits 0 when docker stop sends SIGTERM', async () => {
    const started = container;
    if (started === undefined) throw new Error('the container did not start');
    const client = await getContainerRuntimeClient();
    const handle = client.container.getById(started.getId());
    await started.stop({ timeout: 10_000, remove: false });
    const { State } = await client.container.inspect(handle);
    await client.container.remove(handle, { removeVolumes: true });
    expect(State.ExitCode).toBe(0);
  });
});
