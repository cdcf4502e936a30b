/**
 * `plant-store-mock/msw/browser`: the contract's Mock Service Worker handlers for the browser
 * (`setupWorker`), built for bundlers: no Node built-ins, the contract given as an object or a
 * URL fetched once. The same handlers and MockClient as `plant-store-mock/msw` (docs/msw.md).
 *
 * @example
 * import { setupWorker } from 'msw/browser';
 * import { createContractHandlers } from 'plant-store-mock/msw/browser';
 * const mock = createContractHandlers({ baseUrl: '/api' });
 * await setupWorker(...mock.handlers).start();
 */
export {
  createContractHandlers,
  type BrowserContractHandlersOptions,
} from './create-contract-handlers.ts';
export type { ContractHandlers } from '../contract-handlers.ts';
export type { BrowserContractMockOptions } from './open-browser-mock.ts';
export type { MockClient } from '../../client/mock-client.ts';
