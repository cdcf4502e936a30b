import { pino } from 'pino';
import type { Mode } from '../../config/config-schema.ts';
import { resolveConfig } from '../../config/resolve-config.ts';
import { contractOfDocument } from '../../contract/load-contract.ts';
import { ConfigError } from '../../errors.ts';
import { checkFixtures } from '../../responders/store/load-fixtures.ts';
import { checkedContract } from '../../validation/load-checked-contract.ts';
import { assembleContractMock, type ContractMock } from '../assemble-contract-mock.ts';
import { provideModule } from './node-shims/node-module.ts';

/** What the handlers serve in the browser: the server's settings of the same names. */
export interface BrowserContractMockOptions {
  /**
   * The contract: the OpenAPI document itself, or its URL (JSON or YAML, fetched once, relative
   * to the page). Default: the bundled Plant Store.
   */
  contract?: string | object;
  /** Default `stateful`, as the server. */
  mode?: Mode;
  seed?: string | number;
  /** The stateful store's first records, as a fixtures file holds them. */
  fixtures?: readonly object[] | Readonly<Record<string, readonly object[]>>;
}

/**
 * The in-process mock in the browser: the contract taken as given, fetched, or the bundled one,
 * checked as the server checks it, and the modules the pipeline requires by name loaded first:
 * Prism's validator, and json-schema-faker only where the mode or the error samples need it.
 *
 * @example
 * const mock = await openBrowserMock({ contract: '/openapi.json', mode: 'static' });
 */
export async function openBrowserMock(options: BrowserContractMockOptions): Promise<ContractMock> {
  const config = resolveConfig({
    ...(options.mode === undefined ? {} : { mode: options.mode }),
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    logLevel: 'warn',
  });
  const [document] = await Promise.all([documentOf(options.contract), providePrism()]);
  if (config.mode === 'dynamic' || mayMendErrorSamples(document)) await provideFaker();
  const label = typeof options.contract === 'string' ? options.contract : 'the contract';
  const contract = await checkedContract(await contractOfDocument(label, document), label);
  const fixtures =
    options.fixtures === undefined
      ? { records: [], items: new Map() }
      : checkFixtures('the fixtures', options.fixtures, contract);
  const logger = pino({ name: 'plant-store-mock', level: config.logLevel });
  return assembleContractMock({ config, contract, fixtures, logger });
}

async function providePrism(): Promise<void> {
  const { prismModules } = await import('../../contract/prism-internals-browser.ts');
  for (const [id, load] of Object.entries(prismModules)) provideModule(id, load);
}

async function provideFaker(): Promise<void> {
  const faker = await import('json-schema-faker');
  provideModule('json-schema-faker', () => faker);
}

// Error samples are mended with the faker, synchronously, where the sampler's `string` may break
// a pattern or a length bound (see src/validation/error-samples.ts): loaded first for such contracts.
function mayMendErrorSamples(document: object): boolean {
  return /"(pattern|minLength|maxLength)"\s*:/.test(JSON.stringify(document));
}

async function documentOf(contract: string | object | undefined): Promise<object> {
  if (contract === undefined) return (await import('./bundled-contract.ts')).bundledContract;
  if (typeof contract === 'object') return contract;
  const url = new URL(contract, (globalThis as { location?: { href: string } }).location?.href);
  const response = await fetch(url).catch((cause: unknown) => {
    throw new ConfigError(`Failed to fetch the contract ${url.href}: ${String(cause)}.`, { cause });
  });
  if (!response.ok) {
    throw new ConfigError(
      `Failed to fetch the contract ${url.href}: it answered ${response.status}. Make sure the URL serves the OpenAPI document.`,
    );
  }
  const text = await response.text();
  try {
    return /^\s*\{/.test(text)
      ? (JSON.parse(text) as object)
      : ((await import('yaml')).parse(text) as object);
  } catch (cause) {
    throw new ConfigError(`Failed to parse the contract ${url.href}: ${(cause as Error).message}`, {
      cause,
    });
  }
}
