import { pino } from 'pino';
import type { Mode } from '../../config/config-schema.ts';
import { resolveConfig } from '../../config/resolve-config.ts';
import { contractOfDocument } from '../../contract/load-contract.ts';
import { ConfigError } from '../../errors.ts';
import type { AdminFetch } from '../../client/mock-client.ts';
import { checkFixtures } from '../../responders/store/load-fixtures.ts';
import { checkedContract } from '../../validation/load-checked-contract.ts';
import { assembleContractMock, type ContractMock } from '../assemble-contract-mock.ts';
import type { Contract } from '../../contract/load-contract.ts';
import { loadMimeTypes } from './node-shims/mime-types.ts';
import { provideModule } from './node-shims/node-module.ts';
import { loadRe2js } from './node-shims/re2js.ts';

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
 * checked as the server checks it, and what the pipeline needs loaded first: Prism's validator,
 * and only where the contract or the mode asks for them json-schema-faker, RE2 (patterns) and
 * mime-db (a media type written without a slash). An admin call with a `pathPattern` loads RE2.
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
  const text = JSON.stringify(document);
  // Error samples are mended with the faker, synchronously, where the sampler's `string` may
  // break a pattern or a length bound (see src/validation/error-samples.ts).
  const mends = /"(pattern|minLength|maxLength)"\s*:/.test(text);
  await Promise.all([
    config.mode === 'dynamic' || mends ? provideFaker() : undefined,
    /"pattern(Properties)?"\s*:/.test(text) ? loadRe2js() : undefined,
  ]);
  const label = typeof options.contract === 'string' ? options.contract : 'the contract';
  const contract = await checkedContract(await contractOfDocument(label, document), label);
  if (namesShortMediaType(contract)) await loadMimeTypes();
  const fixtures =
    options.fixtures === undefined
      ? { records: [], items: new Map() }
      : checkFixtures('the fixtures', options.fixtures, contract);
  const logger = pino({ name: 'plant-store-mock', level: config.logLevel });
  const mock = assembleContractMock({ config, contract, fixtures, logger });
  const adminFetch = (adminUrl: string): AdminFetch => {
    const inner = mock.adminFetch(adminUrl);
    return async (url, init) => {
      if (typeof init.body === 'string' && init.body.includes('"pathPattern"')) await loadRe2js();
      return inner(url, init);
    };
  };
  return { ...mock, adminFetch };
}

// Content negotiation looks a contract's `json` (not `application/json`) up in mime-db.
function namesShortMediaType(contract: Contract): boolean {
  return contract.operations.some(({ resource }) =>
    resource.responses.some((response) =>
      (response.contents ?? []).some(({ mediaType }) => !mediaType.includes('/')),
    ),
  );
}

async function providePrism(): Promise<void> {
  const { prismModules } = await import('../../contract/prism-internals-browser.ts');
  for (const [id, load] of Object.entries(prismModules)) provideModule(id, load);
}

async function provideFaker(): Promise<void> {
  const faker = await import('json-schema-faker');
  provideModule('json-schema-faker', () => faker);
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
