import type { ContractOperation } from '../contract/contract-operation.ts';
import { responseOf } from './operation-schemas.ts';
import type { PactRule } from './pact-document.ts';

type IHttpOperation = ContractOperation['resource'];

const numberPatterns: Record<string, string> = {
  integer: '^-?\\d+$',
  number: '^-?\\d+(\\.\\d+)?([eE][-+]?\\d+)?$',
};

/**
 * The response headers a pact keeps, `Content-Type` and those the contract declares for the
 * status, under the contract's spelling of their names.
 *
 * @example
 * keptResponseHeaders({ 'x-total-count': '2', etag: 'x' }, resource, 200); // { 'X-Total-Count': ['2'] }
 */
export function keptResponseHeaders(
  headers: Record<string, string>,
  resource: IHttpOperation | undefined,
  status: number,
): Record<string, string[]> {
  const declared = new Map(
    (responseOf(resource, status)?.headers ?? []).map((h) => [h.name.toLowerCase(), h.name]),
  );
  const kept: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    const keep = name === 'content-type' ? 'Content-Type' : declared.get(name.toLowerCase());
    if (keep !== undefined) kept[keep] = [value];
  }
  return kept;
}

/**
 * Matching rules for kept response headers: `Content-Type` by its media type (any parameters),
 * and headers the contract types as integer or number by a pattern of that kind, so a count
 * or an id is not pinned to the recorded value.
 *
 * @example
 * responseHeaderRules({ 'X-Total-Count': ['2'] }, resource, 200, 'application/json');
 * // { 'X-Total-Count': { combine: 'AND', matchers: [{ match: 'regex', regex: '^-?\\d+$' }] } }
 */
export function responseHeaderRules(
  kept: Record<string, string[]>,
  resource: IHttpOperation | undefined,
  status: number,
  mediaType: string,
): Record<string, PactRule> {
  const rules: Record<string, PactRule> = {};
  const regex = (pattern: string): PactRule => ({
    combine: 'AND',
    matchers: [{ match: 'regex', regex: pattern }],
  });
  if (kept['Content-Type'] !== undefined && mediaType !== '') {
    rules['Content-Type'] = regex(`^${escapeRegex(mediaType)}(;.*)?$`);
  }
  for (const header of responseOf(resource, status)?.headers ?? []) {
    const type = (header.schema as { type?: unknown } | undefined)?.type;
    const pattern = typeof type === 'string' ? numberPatterns[type] : undefined;
    if (kept[header.name] !== undefined && pattern !== undefined)
      rules[header.name] = regex(pattern);
  }
  return rules;
}

/**
 * Escapes a text for use in a regular expression.
 *
 * @example
 * escapeRegex('application/vnd.api+json'); // 'application/vnd\\.api\\+json'
 */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
