import type { MockClient } from 'plant-store-mock/client';

/** The mock a suite run talks to: where the app sends requests, a client, how to stop it. */
export interface SuiteMock {
  baseUrl: string;
  client: MockClient;
  close(): Promise<void>;
}

/**
 * Opens the contract's MSW handlers in setupServer, or an in-process server on a loopback port.
 * Each loads only its own modules, so the suite's time holds what a user's suite would load.
 *
 * @example
 * const mock = await openSuiteMock('handlers');
 */
export async function openSuiteMock(target: 'handlers' | 'server'): Promise<SuiteMock> {
  if (target === 'server') {
    const { startMockServer } = await import('plant-store-mock');
    const { createMockClient } = await import('plant-store-mock/client');
    const server = await startMockServer({ port: 0, host: '127.0.0.1', logLevel: 'silent' });
    return {
      baseUrl: server.url,
      client: createMockClient({ url: server.url, session: 'suite' }),
      close: () => server.close(),
    };
  }
  const { setupServer } = await import('msw/node');
  const { createContractHandlers } = await import('plant-store-mock/msw');
  const mock = createContractHandlers({ baseUrl: 'http://api.test' });
  const network = setupServer(...mock.handlers);
  network.listen({ onUnhandledFrame: 'error' });
  return {
    baseUrl: 'http://api.test',
    client: mock.client('suite'),
    close: () => {
      network.close();
      return Promise.resolve();
    },
  };
}
