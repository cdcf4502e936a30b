import { handlersOf, type ContractHandlers } from '../contract-handlers.ts';
import type { BrowserContractMockOptions } from './open-browser-mock.ts';

/**
 * Where the handlers answer, and what they serve.
 *
 * @example
 * const options: BrowserContractHandlersOptions = { baseUrl: '/api', contract: '/openapi.json' };
 */
export interface BrowserContractHandlersOptions extends BrowserContractMockOptions {
  /** The API's base URL, absolute or relative to the page (`/api`). */
  baseUrl: string;
}

/**
 * MSW request handlers for `setupWorker`, answering for a contract through the mock server's own
 * pipeline, as `plant-store-mock/msw`'s do in Node, with a MockClient of their journal. The
 * contract loads (and its modules) on first use; `ready()` waits for it.
 *
 * @example
 * import { setupWorker } from 'msw/browser';
 * import { createContractHandlers } from 'plant-store-mock/msw/browser';
 * const mock = createContractHandlers({ baseUrl: '/api', mode: 'stateful' });
 * await setupWorker(...mock.handlers).start();
 * await fetch('/api/plants', { method: 'POST', headers, body });
 * await mock.client().count({ method: 'POST', path: '/plants' }); // 1
 */
export function createContractHandlers(options: BrowserContractHandlersOptions): ContractHandlers {
  // The pipeline and all it loads are a chunk of their own: the entry holds the handler and the client.
  return handlersOf(
    options.baseUrl,
    async () => (await import('./open-browser-mock.ts')).openBrowserMock(options),
    { leavesAssets: true },
  );
}
