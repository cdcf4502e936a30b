import { GenericContainer, GenericContainerBuilder, Wait, type BuildOptions } from 'testcontainers';
import type { Mode } from '../config/config-schema.ts';
import { ensureImage, packagedImage } from './ensure-image.ts';
import { plantStoreMockPort } from './plant-store-mock-port.ts';
import { StartedPlantStoreMockContainer } from './started-plant-store-mock-container.ts';

/**
 * The image the constructor runs when given none: `PLANT_MOCK_IMAGE` when set (a published image),
 * else this package's own `plant-store-mock:VERSION-HASH` (packagedImage), built from the package
 * on first use.
 *
 * @example
 * // PLANT_MOCK_IMAGE=registry.example/plant-store-mock:1.0 npx vitest
 * new PlantStoreMockContainer(defaultImage());
 */
export function defaultImage(): string {
  const fromEnv = process.env.PLANT_MOCK_IMAGE;
  return fromEnv === undefined || fromEnv === '' ? packagedImage : fromEnv;
}
/**
 * Where `withFixtures` puts the fixtures file inside the container.
 *
 * @example
 * container.withFixtures('./fixtures/plants.json'); // PLANT_MOCK_FIXTURES=/tmp/plant-store-mock/fixtures.json
 */
export const fixturesTarget = '/tmp/plant-store-mock/fixtures.json';

/**
 * The mock as a Testcontainers container. The image reads its settings only from PLANT_MOCK_* env
 * vars, which the `with...` methods set; it is ready once `GET /__admin/health` answers 200. With
 * no image given, the package builds its own the first time (about a minute; then cached).
 *
 * @example
 * import { PlantStoreMockContainer } from 'plant-store-mock/testcontainers';
 * const mock = await new PlantStoreMockContainer().withMode('dynamic').withSeed(42).start();
 * await fetch(`${mock.getUrl()}/plants`, { method: 'POST', ... });
 * await mock.client().verify({ method: 'POST', path: '/plants' });
 * await mock.stop();
 */
export class PlantStoreMockContainer extends GenericContainer {
  #adminToken: string | undefined;
  readonly #image: string;

  constructor(image: string = defaultImage()) {
    super(image);
    this.#image = image;
    this.withExposedPorts(plantStoreMockPort).withWaitStrategy(
      Wait.forHttp('/__admin/health', plantStoreMockPort),
    );
  }

  /**
   * Builds the image from a checkout's Dockerfile; `build()` tags it (packagedImage
   * unless named) and resolves to a PlantStoreMockContainer that runs it. A builder rather than
   * a container, as on GenericContainer, whose static `fromDockerfile` this must stay compatible with.
   *
   * @example
   * const container = await PlantStoreMockContainer.fromDockerfile(projectRoot).build();
   * const mock = await container.withMode('static').start();
   */
  static override fromDockerfile(
    context: string,
    dockerfileName = 'Dockerfile',
  ): PlantStoreMockContainerBuilder {
    return new PlantStoreMockContainerBuilder(context, dockerfileName);
  }

  /** PLANT_MOCK_MODE: `stateful` (the image's default), `static` or `dynamic`. */
  withMode(mode: Mode): this {
    return this.withEnvironment({ PLANT_MOCK_MODE: mode });
  }

  /** PLANT_MOCK_SEED: makes dynamic responses repeatable. */
  withSeed(seed: string | number): this {
    return this.withEnvironment({ PLANT_MOCK_SEED: String(seed) });
  }

  /** Copies a fixtures JSON file from the host into the container and sets PLANT_MOCK_FIXTURES. */
  withFixtures(hostPath: string): this {
    // 0644: the image runs as an unprivileged user, whatever the host file's mode.
    return this.withCopyFilesToContainer([
      { source: hostPath, target: fixturesTarget, mode: 0o644 },
    ]).withEnvironment({ PLANT_MOCK_FIXTURES: fixturesTarget });
  }

  /** PLANT_MOCK_ADMIN_TOKEN; `client()` of the started container sends it. */
  withAdminToken(token: string): this {
    this.#adminToken = token;
    return this.withEnvironment({ PLANT_MOCK_ADMIN_TOKEN: token });
  }

  /**
   * PLANT_MOCK_ALLOWED_HOSTS: dotted host names the admin API accepts besides IP addresses,
   * loopback and dotless names; needed when the Docker host is reached by such a name
   * (`DOCKER_HOST=tcp://docker.ci.example.com:2375`).
   */
  withAllowedHosts(hosts: readonly string[]): this {
    return this.withEnvironment({ PLANT_MOCK_ALLOWED_HOSTS: hosts.join(',') });
  }

  /**
   * Starts the container, first building this package's image if it is the one asked for and the
   * engine lacks it. Rejects with a ContainerEngineError when no engine answers.
   */
  override async start(): Promise<StartedPlantStoreMockContainer> {
    await ensureImage(this.#image);
    return new StartedPlantStoreMockContainer(await super.start(), this.#adminToken);
  }
}

/**
 * Builds the mock's image from a Dockerfile; `build()` resolves to a PlantStoreMockContainer.
 *
 * @example
 * const container = await PlantStoreMockContainer.fromDockerfile('.').build('plant-store-mock:dev');
 */
export class PlantStoreMockContainerBuilder extends GenericContainerBuilder {
  override async build(
    image: string = packagedImage,
    options?: BuildOptions,
  ): Promise<PlantStoreMockContainer> {
    await super.build(image, options);
    return new PlantStoreMockContainer(image);
  }
}
