import { afterAll } from 'vitest';
import type { LeftOut, MockClient, Pact, PactQuery } from '../client/index.ts';
import { parseExactJson, stringifyWithBigInts } from '../parsing/exact-json.ts';
import { pactFileName } from '../pact/pact-file-name.ts';

/**
 * Where and what `writePactAfterAll` writes.
 *
 * @example
 * writePactAfterAll(mock, { consumer: 'checkout-web', provider: 'plant-store' });
 */
export interface PactFileOptions extends PactQuery {
  consumer: string;
  provider: string;
  /** The folder of pact files; default `pacts` (Pact's convention), under the working folder. */
  dir?: string;
}

/** Kinds of left-out entries that mean lost data rather than a choice: each is warned about. */
const lossKinds = new Set(['dropped', 'store-lost', 'truncated']);

/**
 * After the test file's tests, writes the client's session's pact to
 * `DIR/CONSUMER-PROVIDER.json`, merged with what other test files wrote there: one interaction
 * per request shape, in a fixed order, so the same traffic gives the same bytes whatever the
 * order of the files; parallel workers take turns (see mergeIntoPactFile). Lost data (entries
 * dropped by a full journal, bodies cut at its limit) is warned about on stderr. Start each
 * run from an empty folder (`rm -rf pacts`): a file left by an earlier run is merged into.
 *
 * @example
 * import { writePactAfterAll } from 'plant-store-mock/vitest';
 * const mock = createMockClient({ url, session: 'checkout' });
 * writePactAfterAll(mock, { consumer: 'checkout-web', provider: 'plant-store' });
 * // or, with a client made in beforeAll: writePactAfterAll(() => mock, { ... })
 */
export function writePactAfterAll(
  mock: MockClient | (() => MockClient),
  options: PactFileOptions,
): void {
  afterAll(async () => {
    await writePact(typeof mock === 'function' ? mock() : mock, options);
  });
}

/**
 * Writes (merges) the client's session's pact now; what writePactAfterAll does after the tests.
 *
 * @example
 * const { path, leftOut } = await writePact(mock, { consumer: 'web', provider: 'plants' });
 */
export async function writePact(
  mock: MockClient,
  options: PactFileOptions,
): Promise<{ path: string; pact: Pact; leftOut: LeftOut[] }> {
  const { dir = 'pacts', ...query } = options;
  const { pact, leftOut } = await mock.pact(query);
  // The client gives integers past 2^53 as bigints; the file keeps them exact.
  const exact = parseExactJson(stringifyWithBigInts(pact)) as Pact;
  // Loaded here, not at import: the matchers of this entry need no file system.
  const { mergeIntoPactFile } = await import('../pact/write-pact-file.ts');
  const paths = await import('node:path');
  const path = paths.join(dir, pactFileName(options.consumer, options.provider));
  const merged = await mergeIntoPactFile(path, exact);
  for (const { kind, count, reason } of leftOut) {
    if (lossKinds.has(kind)) {
      console.warn(
        `plant-store-mock: the pact ${path} lacks ${count} entries of session "${mock.sessionName}": ${reason}`,
      );
    }
  }
  return { path, pact: merged, leftOut };
}
