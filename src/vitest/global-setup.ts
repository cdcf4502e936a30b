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
import { once } from 'node:events';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { MockServerOptions } from '../config/mock-server-options.ts';
import type { MockWorkerMessage } from './mock-worker-message.ts';
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

// How long a closed worker may take to exit by itself: the mock's own shutdown bound.
const closeBoundMs = 5000;

// The worker's file beside this one: .js in the package, .ts when run from the sources.
const workerFile = new URL(
  `./mock-worker${extname(fileURLToPath(import.meta.url))}`,
  import.meta.url,
);

/**
 * A global setup that starts the mock with these options (over port 0, 127.0.0.1 and silent
 * logs), for a suite that needs another mode, contract or fixtures. Export it as the default of
 * your own global setup file. The mock runs in a worker thread, off vitest's own: the options
 * cross to it as structured clones (every option is plain data).
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
    const worker = new Worker(workerFile, {
      workerData: { port: 0, host: '127.0.0.1', logLevel: 'silent', ...options },
    });
    const first = await nextMessage(worker);
    if (first.kind !== 'listening' && first.kind !== 'ready') {
      await worker.terminate();
      throw startFailure(first);
    }
    // Listening is enough to go on: the mock loads while vitest starts the test files, and
    // their first requests wait for it.
    const started = first.kind === 'ready' ? Promise.resolve(first) : nextMessage(worker);
    // Its failure is thrown at teardown; until then the test files' requests get its reason.
    started.catch(() => undefined);
    project.provide(providedMockKey, {
      url: first.url,
      adminUrl: first.adminUrl,
      ...(options.adminToken === undefined ? {} : { adminToken: options.adminToken }),
    });
    return async () => {
      const outcome = await started.catch((error: unknown) => error);
      const exited = once(worker, 'exit');
      worker.postMessage('close');
      await nextMessage(worker);
      await endWorker(worker, exited);
      if (!(outcome instanceof Object && 'kind' in outcome && outcome.kind === 'ready')) {
        throw outcome instanceof Error ? outcome : startFailure(outcome as MockWorkerMessage);
      }
    };
  };
}

// The error the worker sent (a ConfigError's name, code and message), or why it said none.
function startFailure(message: MockWorkerMessage | { kind: 'exited' }): Error {
  if (message.kind !== 'failed') {
    return new Error('Failed to start the mock: its worker stopped before the mock listened.');
  }
  return Object.assign(new Error(message.message), {
    name: message.name,
    ...(message.code === undefined ? {} : { code: message.code }),
  });
}

// A closed worker has nothing left to run and exits by itself; terminate() only one that has
// not within the mock's shutdown bound, since ending a busy thread from outside can crash Node.
async function endWorker(worker: Worker, exited: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(resolve, closeBoundMs, false);
  });
  const byItself = await Promise.race([
    exited.then(
      () => true,
      () => true,
    ),
    late,
  ]);
  clearTimeout(timer);
  if (!byItself) await worker.terminate();
}

// The worker's next message; its exit or crash before one reads as a message of its own.
function nextMessage(worker: Worker): Promise<MockWorkerMessage | { kind: 'exited' }> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: MockWorkerMessage): void => {
      settle();
      resolve(message);
    };
    const onError = (error: Error): void => {
      settle();
      reject(error);
    };
    const onExit = (): void => {
      settle();
      resolve({ kind: 'exited' });
    };
    function settle(): void {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    }
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
}

export type { ProvidedMock } from './provided-mock.ts';

export default setupMockServer();
