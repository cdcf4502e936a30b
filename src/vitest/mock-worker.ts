/**
 * The worker thread of `plant-store-mock/vitest/global-setup`: it listens at once and tells the
 * setup its URLs, then loads and starts the mock off vitest's thread while vitest starts its test
 * workers (requests that come meanwhile wait: see holdPort), tells the setup it is ready or why it
 * failed, and loads the admin API with a request of its own. It closes the mock when told to.
 *
 * @example
 * new Worker(new URL('./mock-worker.js', import.meta.url), { workerData: { port: 0 } });
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { MockServerOptions } from '../config/mock-server-options.ts';
import { enableOwnCompileCache } from '../compile-cache.ts';
import { holdPort, type HeldPort } from '../http/hold-port.ts';
import { warmUpAdmin } from '../http/warm-up-admin.ts';
import type { MockWorkerMessage } from './mock-worker-message.ts';

// Never seen by the suite: a session of its own.
const warmUpSession = 'plant-store-mock-vitest-warm-up';
const options = workerData as MockServerOptions;
const port = parentPort;
if (port === null) throw new Error('Failed to start the mock: its worker must run in a thread.');
const post = (message: MockWorkerMessage): void => {
  port.postMessage(message);
};
let close = (): Promise<void> => Promise.resolve();
port.once('message', () => {
  void close().then(() => {
    post({ kind: 'closed' });
    port.close();
  });
});

let held: HeldPort | undefined;
try {
  // With the admin API on a port of its own, its URL is known only once the mock listens.
  if (options.adminPort === undefined) {
    const host = options.host ?? '127.0.0.1';
    held = await holdPort(options.port ?? 0, host);
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${String(held.port)}`;
    post({ kind: 'listening', url, adminUrl: `${url}/__admin` });
  }
  // Before the bundle loads: this thread reads its compiled code from earlier runs' cache.
  enableOwnCompileCache();
  const { startMockServer } = await import('../index.ts');
  const server = await startMockServer(options, held);
  close = () => server.close();
  post({ kind: 'ready', url: server.url, adminUrl: server.adminUrl });
  // The admin API loads here, in this thread, rather than on the suite's first reset.
  await warmUpAdmin(server.adminUrl, options.adminToken, warmUpSession);
} catch (error) {
  const { name, message, code } = error as { name?: string; message?: string; code?: unknown };
  const reason = message ?? String(error);
  const heldPort = held;
  if (heldPort !== undefined) {
    // Test files may already be sending: each gets the reason, the run fails at teardown.
    heldPort.refuse(`Failed to start the mock: ${reason}`);
    close = () => {
      heldPort.close();
      return Promise.resolve();
    };
  }
  post({
    kind: 'failed',
    name: name ?? 'Error',
    message: reason,
    ...(typeof code === 'string' ? { code } : {}),
  });
}
