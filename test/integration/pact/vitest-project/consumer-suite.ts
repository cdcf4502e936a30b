import { startMockServer, type RunningMockServer } from 'plant-store-mock';
import { createMockClient, type MockClient } from 'plant-store-mock/client';
import { writePactAfterAll } from 'plant-store-mock/vitest';
import { afterAll, beforeAll } from 'vitest';

/**
 * What each test file of the suite does: a mock of its own, a client bound to the session
 * `checkout`, and its pact written after its tests.
 */
export function consumerSuite(): {
  mock: () => MockClient;
  post: (body: string) => Promise<number>;
} {
  let server: RunningMockServer;
  let mock: MockClient;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, host: '127.0.0.1', logLevel: 'silent' });
    mock = createMockClient({ url: server.url, session: 'checkout' });
  });
  // Hooks after the tests run last-registered first: the pact is written before the mock stops.
  afterAll(() => server.close());
  writePactAfterAll(() => mock, {
    consumer: 'checkout-web',
    provider: 'plant-store',
    dir: process.env.PACT_DIR ?? 'pacts',
  });
  return {
    mock: () => mock,
    post: async (body) => {
      const answer = await fetch(`${server.url}/plants`, {
        method: 'POST',
        headers: {
          ...mock.sessionHeaders,
          authorization: 'Bearer t',
          'content-type': 'application/json',
        },
        body,
      });
      await answer.arrayBuffer();
      return answer.status;
    },
  };
}
