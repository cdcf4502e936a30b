// msw's subpaths, not its main entry: that one loads its WebSocket, SSE and GraphQL parts as well
// (20 to 25 ms of CPU more in a suite that imports only msw/node; docs/msw.md, "How fast").
import { http, type HttpHandler } from 'msw/http';
import { isCommonAssetRequest } from 'msw/utils/is-common-asset-request';
import { createMockClient } from '../client/create-mock-client.ts';
import type { MockClient } from '../client/mock-client.ts';
import type { ContractMock } from './assemble-contract-mock.ts';

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
 * The handlers of a mock that `load` opens on first use, for either entry (Node or the browser):
 * one MSW handler for every request under `baseUrl`, and clients of the mock's journal.
 *
 * @example
 * const mock = handlersOf('http://api.test', () => openContractMock({ mode: 'static' }));
 * const inPage = handlersOf('/', () => openBrowserMock({}), { leavesAssets: true });
 */
export function handlersOf(
  baseUrl: string,
  load: () => Promise<ContractMock>,
  { leavesAssets = false } = {},
): ContractHandlers {
  let opened: Promise<ContractMock> | undefined;
  let loaded: ContractMock | undefined;
  const open = (): Promise<ContractMock> => (opened ??= load().then((mock) => (loaded = mock)));
  const base = baseOf(baseUrl);
  const handler = http.all(
    ({ request }) => {
      const path = pathUnder(base(), new URL(request.url));
      // In the browser the page's own files (its lazily loaded chunks too) reach the worker: one
      // that looks like an asset and that no operation routes is left to the network.
      if (path === undefined) return false;
      return (
        !leavesAssets ||
        !isCommonAssetRequest(request) ||
        loaded?.routes(request.method, path) === true
      );
    },
    async ({ request }) => {
      const turn = nextTurn();
      const mock = await open();
      const url = new URL(request.url);
      const response = await mock.answer(request, pathUnder(base(), url) ?? '/', url.search);
      await turn;
      return response;
    },
  );
  const client = (session?: string): MockClient => {
    const url = base().url.href.replace(/\/+$/, '');
    const adminUrl = `${url}/__admin`;
    return createMockClient({
      url,
      adminUrl,
      ...(session === undefined ? {} : { session }),
      fetch: async (target, init) => (await open()).adminFetch(adminUrl)(target, init),
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

// In Node, msw parses the request from undici's writes to a mocked socket: an answer given in the
// turn the request arrives in makes undici drop that connection and open a new one for the next
// request; one turn later it keeps it (docs/msw.md, "How fast"). A page's worker has no socket.
function nextTurn(): Promise<void> | undefined {
  if (typeof setImmediate !== 'function') return undefined;
  return new Promise((resolve) => setImmediate(resolve));
}

interface Base {
  url: URL;
  /** The base's path without its trailing slashes: '' for the origin's root. */
  prefix: string;
}

// The base URL parsed once, not on every request; resolved against the page in the browser, where
// a base URL may be a path (parsed again only if the page's address has changed since).
function baseOf(baseUrl: string): () => Base {
  let parsed: { page: string | undefined; base: Base } | undefined;
  return () => {
    const page = (globalThis as { location?: { href: string } }).location?.href;
    if (parsed === undefined || parsed.page !== page) {
      const url = new URL(baseUrl, page);
      parsed = { page, base: { url, prefix: url.pathname.replace(/\/+$/, '') } };
    }
    return parsed.base;
  };
}

// The request's path under the base URL (the base's own path cut off), or undefined outside it.
function pathUnder({ url: base, prefix }: Base, url: URL): string | undefined {
  if (url.origin !== base.origin) return undefined;
  const { pathname } = url;
  if (prefix === '') return pathname;
  if (pathname !== prefix && !pathname.startsWith(`${prefix}/`)) return undefined;
  return pathname.slice(prefix.length) || '/';
}
