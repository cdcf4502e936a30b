/**
 * The port the mock's image listens on (its PLANT_MOCK_PORT), exposed by PlantStoreMockContainer.
 *
 * @example
 * startedContainer.getMappedPort(plantStoreMockPort);
 */
export const plantStoreMockPort = 4010;
