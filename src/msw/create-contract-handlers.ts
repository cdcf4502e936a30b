import { handlersOf, type ContractHandlers } from './contract-handlers.ts';
import { openContractMock, type ContractMockOptions } from './open-contract-mock.ts';

/**
 * Where the handlers answer, and what they serve.
 *
 * @example
 * const options: ContractHandlersOptions = { baseUrl: 'http://api.test', mode: 'dynamic', seed: 1 };
 */
export interface ContractHandlersOptions extends ContractMockOptions {
  /**
   * The API's base URL: requests under it are answered, others left to other handlers. A path
   * (`/api`) is taken relative to the page's location in the browser.
   */
  baseUrl: string;
}

/**
 * MSW request handlers that answer for a contract through the mock server's own pipeline:
 * validation with the same 400 bodies, the three modes, the stateful store, stubs, faults,
 * `Prefer` controls and sessions, recorded in a journal of their own that `client()` reads
 * without HTTP (verify, count, find, coverage, stubs, reset, pact). The contract loads on first
 * use; `ready()` waits for it.
 *
 * @example
 * import { setupServer } from 'msw/node';
 * import { createContractHandlers } from 'plant-store-mock/msw';
 * const mock = createContractHandlers({ baseUrl: 'http://api.test', mode: 'stateful' });
 * const server = setupServer(...mock.handlers);
 * server.listen();
 * await fetch('http://api.test/plants', { method: 'POST', headers, body });
 * await mock.client().verify({ method: 'POST', path: '/plants' }, { exactly: 1 });
 */
export function createContractHandlers(options: ContractHandlersOptions): ContractHandlers {
  return handlersOf(options.baseUrl, () => openContractMock(options));
}
