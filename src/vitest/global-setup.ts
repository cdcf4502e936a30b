/**
 * `plant-store-mock/vitest/global-setup`: one mock server for every test file of a vitest run.
 * It listens on a free port of 127.0.0.1, logs nothing, gives its URLs to the test files
 * (`inject('plantStoreMock')`, or `useMockSession()` from `plant-store-mock/vitest`) and closes
 * when the run ends. Each test file keeps its own session, so files running in parallel never
 * see each other's requests, coverage, stubs or store.
 *
 * @example
 * // vitest.config.ts
 * export default defineConfig({ test: { globalSetup: ['plant-store-mock/vitest/global-setup'] } });
 */
import { startMockServer, type MockServerOptions } from '../index.ts';
import { providedMockKey, type ProvidedMock } from './provided-mock.ts';

/**
 * What the setup uses of vitest's TestProject. Declared here rather than imported from
 * `vitest/node`, whose types (Vite's with them) would weigh on every consumer's type check.
 *
 * @example
 * const project: MockSetupProject = { provide: (key, value) => console.log(key, value) };
 */
export interface MockSetupProject {
  provide(key: typeof providedMockKey, value: ProvidedMock): void;
}

/**
 * A global setup that starts the mock with these options (over port 0, 127.0.0.1 and silent
 * logs), for a suite that needs another mode, contract or fixtures. Export it as the default of
 * your own global setup file.
 *
 * @example
 * // test/mock-setup.ts, named in globalSetup
 * import { setupMockServer } from 'plant-store-mock/vitest/global-setup';
 * export default setupMockServer({ mode: 'dynamic', seed: 42 });
 */
export function setupMockServer(
  options: MockServerOptions = {},
): (project: MockSetupProject) => Promise<() => Promise<void>> {
  return async (project) => {
    const server = await startMockServer({
      port: 0,
      host: '127.0.0.1',
      logLevel: 'silent',
      ...options,
    });
    const provided: ProvidedMock = {
      url: server.url,
      adminUrl: server.adminUrl,
      ...(options.adminToken === undefined ? {} : { adminToken: options.adminToken }),
    };
    project.provide(providedMockKey, provided);
    return () => server.close();
  };
}

export type { ProvidedMock } from './provided-mock.ts';

export default setupMockServer();
