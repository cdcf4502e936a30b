import { http, type HttpHandler } from 'msw';
import { createMockClient } from '../client/create-mock-client.ts';
import type { MockClient } from '../client/mock-client.ts';
import { createAdminFetch } from './create-admin-fetch.ts';
import {
  openContractMock,
  type ContractMock,
  type ContractMockOptions,
} from './open-contract-mock.ts';

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
 * The handlers and a client of their journal.
 *
 * @example
 * const mock = createContractHandlers({ baseUrl: 'http://api.test' });
 * setupServer(...mock.handlers).listen();
 * await expect(mock.client()).toHaveReceived({ method: 'POST', path: '/plants' });
 */
export interface ContractHandlers {
  /** For `setupServer(...handlers)` or `setupWorker(...handlers)`. */
  readonly handlers: HttpHandler[];
  /** A MockClient of the handlers' journal, stubs and store in `session` (default `default`). */
  client(session?: string): MockClient;
  /** Resolves once the contract and the fixtures are loaded; rejects with what failed. */
  ready(): Promise<void>;
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
  let opened: Promise<ContractMock> | undefined;
  const open = (): Promise<ContractMock> => (opened ??= openContractMock(options));
  const base = (): URL => baseOf(options.baseUrl);
  const handler = http.all(
    ({ request }) => pathUnder(base(), request.url) !== undefined,
    async ({ request }) => {
      const mock = await open();
      return mock.answer(request, pathUnder(base(), request.url) ?? '/');
    },
  );
  const client = (session?: string): MockClient => {
    const url = base().href.replace(/\/+$/, '');
    const adminUrl = `${url}/__admin`;
    return createMockClient({
      url,
      adminUrl,
      ...(session === undefined ? {} : { session }),
      fetch: async (target, init) =>
        createAdminFetch((await open()).adminDeps, adminUrl)(target, init),
    });
  };
  return {
    handlers: [handler],
    client,
    ready: async () => {
      await open();
    },
  };
}

// Resolved against the page in the browser, where a base URL may be a path.
function baseOf(baseUrl: string): URL {
  const page = (globalThis as { location?: { href: string } }).location?.href;
  return new URL(baseUrl, page);
}

// The request's path under the base URL (the base's own path cut off), or undefined outside it.
function pathUnder(base: URL, target: string): string | undefined {
  const url = new URL(target);
  if (url.origin !== base.origin) return undefined;
  const prefix = base.pathname.replace(/\/+$/, '');
  const { pathname } = url;
  if (prefix === '') return pathname;
  if (pathname !== prefix && !pathname.startsWith(`${prefix}/`)) return undefined;
  return pathname.slice(prefix.length) || '/';
}
