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
  if (query.consumer !== undefined) search.set('consumer', query.consumer);
  if (query.provider !== undefined) search.set('provider', query.provider);
  if (query.spec !== undefined) search.set('spec', String(query.spec));
  if (query.outsideContract !== undefined)
    search.set('outsideContract', String(query.outsideContract));
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}
