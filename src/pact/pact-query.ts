import type { PactResult } from './build-pact.ts';
import type { PactSpec } from './pact-document.ts';

export type { PactResult };

/** What to ask GET /__admin/pact for: its query parameters. */
export interface PactQuery {
  /** Default `consumer`. */
  consumer?: string;
  /** Default: the contract's title. */
  provider?: string;
  /** Pact specification version: 4 (default) or 3. */
  spec?: PactSpec;
  /** Include answers of stubs registered with allowContractViolation. */
  outsideContract?: boolean;
}

/**
 * The query string of GET /__admin/pact for a PactQuery, `''` when empty.
 *
 * @example
 * pactSearch({ consumer: 'web', spec: 3 }); // '?consumer=web&spec=3'
 */
export function pactSearch(query: PactQuery): string {
  const search = new URLSearchParams();
  for (const name of ['consumer', 'provider', 'spec', 'outsideContract'] as const) {
    if (query[name] !== undefined) search.set(name, String(query[name]));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}
