/**
 * `plant-store-mock/testcontainers`: the mock's Docker image as a Testcontainers container.
 * Needs the optional peer dependency `testcontainers` and a reachable Docker engine.
 *
 * @example
 * import { PlantStoreMockContainer } from 'plant-store-mock/testcontainers';
 * const mock = await new PlantStoreMockContainer().withAdminToken('t').start();
 * await mock.client('my-suite').coverage();
 */
export {
  PlantStoreMockContainer,
  PlantStoreMockContainerBuilder,
  defaultImage,
  fixturesTarget,
} from './plant-store-mock-container.ts';
export { ContainerEngineError } from './container-engine-error.ts';
export { packagedImage } from './ensure-image.ts';
export { plantStoreMockPort } from './plant-store-mock-port.ts';
export { StartedPlantStoreMockContainer } from './started-plant-store-mock-container.ts';
