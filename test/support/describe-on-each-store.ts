import type { MockServerOptions, RunningMockServer } from 'plant-store-mock';
import { afterAll, beforeAll, describe } from 'vitest';
import { startTestServer } from './mock-fetch.ts';
import { redisProblem, startRedis } from './redis-server.ts';

interface Backend {
  store?: string;
  stop(): Promise<void>;
}

// In memory always; on a redis-server of the suite's own where one is installed.
const stores: { name: string; start: () => Promise<Backend> }[] = [
  { name: 'in memory', start: () => Promise.resolve({ stop: () => Promise.resolve() }) },
];
if (redisProblem() === undefined) {
  stores.push({
    name: 'on Redis',
    start: async () => {
      const redis = await startRedis();
      return { store: redis.url, stop: () => redis.stop() };
    },
  });
}

/**
 * Runs the same tests against a mock in memory and one on Redis: each suite starts its store and
 * its mock before its tests and closes both after them. `server()` is the suite's mock.
 *
 * @example
 * describeOnEachStore('sessions', { sessionLimit: 50 }, (server) => {
 *   it('answers', async () => expect((await admin(server(), '/health')).status).toBe(200));
 * });
 */
export function describeOnEachStore(
  title: string,
  options: MockServerOptions,
  tests: (server: () => RunningMockServer) => void,
): void {
  describe.each(stores)(`${title}, $name`, ({ start }) => {
    let backend: Backend | undefined;
    let server: RunningMockServer | undefined;
    beforeAll(async () => {
      backend = await start();
      server = await startTestServer({
        ...options,
        ...(backend.store === undefined ? {} : { store: backend.store }),
      });
    });
    afterAll(async () => {
      await server?.close();
      await backend?.stop();
    });
    tests(() => {
      if (server === undefined) throw new Error('The mock of this suite has not started.');
      return server;
    });
  });
}
