/**
 * `plant-store-mock/msw`: Mock Service Worker handlers that answer for a contract in the app's
 * own process (tests in Node with `setupServer`), through the mock server's pipeline, with a
 * MockClient of their journal for the vitest matchers and pacts. Needs `msw` (3.x).
 *
 * @example
 * import { setupServer } from 'msw/node';
 * import { createContractHandlers } from 'plant-store-mock/msw';
 * const mock = createContractHandlers({ baseUrl: 'http://api.test' });
 * setupServer(...mock.handlers).listen();
 */
export {
  createContractHandlers,
  type ContractHandlersOptions,
} from './create-contract-handlers.ts';
export type { ContractHandlers } from './contract-handlers.ts';
export type { ContractMockOptions } from './create-contract-handlers.ts';
export type { MockClient } from '../client/mock-client.ts';
