import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createMockClient, MockClientError } from 'plant-store-mock/client';
import {
  PlantStoreMockContainer,
  PlantStoreMockContainerBuilder,
  fixturesTarget,
  packagedImage,
  type StartedPlantStoreMockContainer,
} from 'plant-store-mock/testcontainers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineProblem } from './support/engine-problem.ts';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = fileURLToPath(new URL('../../fixtures/plants.json', import.meta.url));
const packageJson = fileURLToPath(new URL('../../package.json', import.meta.url));

/** Shows the settings a container would be created with, without starting it. */
class InspectableContainer extends PlantStoreMockContainer {
  get settings() {
    return {
      image: this.imageName.string,
      environment: this.environment,
      filesToCopy: this.filesToCopy,
      exposedPorts: this.exposedPorts,
      waitStrategy: this.waitStrategy,
    };
  }
}

describe('PlantStoreMockContainer, not started', () => {
  it("runs this package build's image unless given one, or PLANT_MOCK_IMAGE names one", () => {
    const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
    expect(packagedImage).toMatch(new RegExp(`^plant-store-mock:${version}-[0-9a-f]{12}$`));
    expect(new InspectableContainer().settings.image).toBe(packagedImage);
    expect(new InspectableContainer('registry.example/mock:1.2').settings.image).toBe(
      'registry.example/mock:1.2',
    );
    process.env.PLANT_MOCK_IMAGE = 'registry.example/mock:2.0';
    try {
      expect(new InspectableContainer().settings.image).toBe('registry.example/mock:2.0');
    } finally {
      delete process.env.PLANT_MOCK_IMAGE;
    }
  });

  it('exposes 4010 and waits for GET /__admin/health on it', () => {
    const { exposedPorts, waitStrategy } = new InspectableContainer().settings;
    expect(exposedPorts).toEqual([4010]);
    expect(waitStrategy).toMatchObject({ path: '/__admin/health', port: 4010 });
  });

  it('sets a PLANT_MOCK_* env var from each builder method', () => {
    const { environment } = new InspectableContainer()
      .withMode('dynamic')
      .withSeed(42)
      .withAdminToken('admin-secret')
      .withFixtures(fixtures).settings;
    expect(environment).toEqual({
      PLANT_MOCK_MODE: 'dynamic',
      PLANT_MOCK_SEED: '42',
      PLANT_MOCK_ADMIN_TOKEN: 'admin-secret',
      PLANT_MOCK_FIXTURES: fixturesTarget,
    });
  });

  it('copies the fixtures file into the container, readable by its unprivileged user', () => {
    const { filesToCopy } = new InspectableContainer().withFixtures(fixtures).settings;
    expect(filesToCopy).toEqual([{ source: fixtures, target: fixturesTarget, mode: 0o644 }]);
  });

  it('builds from a Dockerfile through a builder whose build() gives a PlantStoreMockContainer', () => {
    expect(PlantStoreMockContainer.fromDockerfile(projectRoot)).toBeInstanceOf(
      PlantStoreMockContainerBuilder,
    );
  });
});

// The image runs only where a Docker engine answers; elsewhere those tests are skipped, loudly.
const noEngine = await engineProblem({ ryuk: true });

describe.skipIf(noEngine !== undefined)('PlantStoreMockContainer, running the image', () => {
  let mock: StartedPlantStoreMockContainer | undefined;
  const started = (): StartedPlantStoreMockContainer => {
    if (mock === undefined) throw new Error('the container did not start');
    return mock;
  };
  const createPlant = async (session: string, body: unknown): Promise<number> => {
    const response = await fetch(`${started().getUrl()}/plants`, {
      method: 'POST',
      headers: {
        ...started().client(session).sessionHeaders,
        authorization: 'Bearer test-token',
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    await response.body?.cancel();
    return response.status;
  };

  beforeAll(async () => {
    const container = await PlantStoreMockContainer.fromDockerfile(projectRoot).build(
      'plant-store-mock:testcontainers-test',
    );
    mock = await container.withFixtures(fixtures).withAdminToken('admin-secret').start();
  }, 600_000);
  afterAll(async () => {
    await mock?.stop();
  });

  it('answers POST /plants and records it in the client session', async () => {
    expect(await createPlant('container', { id: 10, name: 'Monstera' })).toBe(200);
    await expect(
      started()
        .client('container')
        .verify({ method: 'POST', path: '/plants', status: 200 }, { exactly: 1 }),
    ).resolves.toBe(1);
  });

  it('loads the copied fixtures: a fixture id is taken', async () => {
    expect(await createPlant('fixtures', { id: 1, name: 'Fern' })).toBe(400);
    expect(await started().client('fixtures').count({ status: 400 })).toBe(1);
  });

  it('guards the admin API with the token, which client() sends', async () => {
    const response = await fetch(`${started().getUrl()}/__admin/requests`);
    expect(response.status).toBe(401);
    await response.body?.cancel();
    expect((await started().client().coverage()).operations).toHaveLength(1);
    const { url } = started().client();
    await expect(createMockClient({ url }).coverage()).rejects.toBeInstanceOf(MockClientError);
  });
});
