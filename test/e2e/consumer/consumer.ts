// Type-checked in a fresh project against the installed package, under NodeNext and bundler
// resolution, with the strictest settings a consumer is likely to use.
import {
  bundledSpecPath,
  errorCatalogue,
  startMockServer,
  type MockServerOptions,
  type RunningMockServer,
} from 'plant-store-mock';
import { createMockClient, type MockClient, type RequestPattern } from 'plant-store-mock/client';
import { createContractHandlers, type ContractHandlers } from 'plant-store-mock/msw';
import { ContainerEngineError, PlantStoreMockContainer } from 'plant-store-mock/testcontainers';
import { useMockSession, type ProvidedMock } from 'plant-store-mock/vitest';
import mockSetup, { setupMockServer } from 'plant-store-mock/vitest/global-setup';
import { expect, inject } from 'vitest';

const options: MockServerOptions = { port: 0, logLevel: 'silent', mode: 'stateful' };
const server: RunningMockServer = await startMockServer(options);
const client: MockClient = createMockClient({ url: server.url, session: 'typed' });
const pattern: RequestPattern = { method: 'POST', path: '/plants' };
const count: number = await client.verify(pattern, { atLeast: 0 });
await expect(client).toHaveReceived(pattern, { times: { atLeast: 0 } });
await expect(client).toHaveReceived(pattern, { atLeast: 0 });
await client.clearStubs();
// Declared for suites on the global setup; not called here, where no setup provides a mock.
const inSuite = (): [ProvidedMock, MockClient] => [inject('plantStoreMock'), useMockSession()];
const setups = [mockSetup, setupMockServer({ mode: 'dynamic' })];
const status: number = errorCatalogue.CONTRACT_VIOLATION.status;
const contract: string = bundledSpecPath;
const container: PlantStoreMockContainer = new PlantStoreMockContainer().withMode('dynamic');
const engineError: Error = new ContainerEngineError(new Error('none'));
const inApp: ContractHandlers = createContractHandlers({
  baseUrl: 'http://api.test',
  mode: 'dynamic',
  seed: 1,
  fixtures: [{ id: 1, name: 'Fern' }],
});
const inAppClient: MockClient = inApp.client('typed');
// @ts-expect-error: mode takes only the modes the mock has
const wrongMode: MockServerOptions = { mode: 'random' };
await server.close();
console.log(
  count,
  status,
  contract,
  container,
  engineError,
  wrongMode,
  inSuite,
  setups,
  inAppClient,
);
