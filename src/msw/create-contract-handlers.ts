import { pino } from 'pino';
import type { Mode } from '../config/config-schema.ts';
import { resolveConfig } from '../config/resolve-config.ts';
import { contractOfDocument } from '../contract/load-contract.ts';
import { loggerName } from '../observe/create-logger.ts';
import { checkFixtures, loadFixtures } from '../responders/store/load-fixtures.ts';
import { checkedContract, loadCheckedContract } from '../validation/load-checked-contract.ts';
import { assembleContractMock, type ContractMock } from './assemble-contract-mock.ts';
import { handlersOf, type ContractHandlers } from './contract-handlers.ts';

/** What the in-process mock serves: the server's settings of the same names. */
export interface ContractMockOptions {
  /** The contract: a file's path, or the OpenAPI document itself. Default: the bundled Plant Store. */
  contract?: string | object;
  /** Default `stateful`, as the server. */
  mode?: Mode;
  seed?: string | number;
  /**
   * The stateful store's first records: a JSON file's path, or the records (an array, or the
   * resources' items by collection path, as a fixtures file holds them).
   */
  fixtures?: string | readonly object[] | Readonly<Record<string, readonly object[]>>;
}

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

// The in-process mock in Node: the contract and the fixtures read from files or taken as given,
// checked as the server checks them, then assembled (see assembleContractMock).
async function openContractMock(options: ContractMockOptions): Promise<ContractMock> {
  const { contract, fixtures } = options;
  const config = resolveConfig({
    ...(options.mode === undefined ? {} : { mode: options.mode }),
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(typeof contract === 'string' ? { spec: contract } : {}),
    logLevel: 'warn',
  });
  const initial =
    contract !== undefined && typeof contract === 'object'
      ? await checkedContract(await contractOfDocument('the contract', contract), 'the contract')
      : await loadCheckedContract(config.spec);
  const records =
    fixtures === undefined
      ? { records: [], items: new Map() }
      : typeof fixtures === 'string'
        ? await loadFixtures(fixtures, initial)
        : checkFixtures('the fixtures', fixtures, initial);
  const logger = pino({ name: loggerName, level: config.logLevel });
  return assembleContractMock({ config, contract: initial, fixtures: records, logger });
}
