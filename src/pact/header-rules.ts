import type { ContractOperation } from '../contract/contract-operation.ts';
import { responseForStatus } from '../parsing/response-for-status.ts';
import type { PactRule } from './pact-document.ts';

type IHttpOperation = ContractOperation['resource'];

const numberPatterns: Record<string, string> = {
  integer: '^-?\\d+$',
  number: '^-?\\d+(\\.\\d+)?([eE][-+]?\\d+)?$',
};

/**
 * The response headers a pact keeps, `Content-Type` and those the contract declares for the
 * status, under the contract's spelling of their names; and their matching rules: `Content-Type`
 * by its media type (any parameters), and headers the contract types as integer or number by a
 * pattern of that kind, so a count or an id is not pinned to the recorded value.
 *
 * @example
 * responseHeadersOf({ 'x-total-count': '2', etag: 'x' }, resource, 200, 'application/json');
 * // { kept: { 'X-Total-Count': ['2'] }, rules: { 'X-Total-Count': { combine: 'AND', matchers: [{ match: 'regex', regex: '^-?\\d+$' }] } } }
 */
export function responseHeadersOf(
  headers: Record<string, string>,
  resource: IHttpOperation | undefined,
  status: number,
  mediaType: string,
): { kept: Record<string, string[]>; rules: Record<string, PactRule> } {
  const declared = responseForStatus(resource?.responses ?? [], status)?.headers ?? [];
  const names = new Map(declared.map((h) => [h.name.toLowerCase(), h.name]));
  const kept: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    const keep = name === 'content-type' ? 'Content-Type' : names.get(name.toLowerCase());
    if (keep !== undefined) kept[keep] = [value];
  }
  const rules: Record<string, PactRule> = {};
  if (kept['Content-Type'] !== undefined && mediaType !== '') {
    rules['Content-Type'] = regexRule(`^${escapeRegex(mediaType)}(;.*)?$`);
  }
  for (const header of declared) {
    const type = (header.schema as { type?: unknown } | undefined)?.type;
    const pattern = typeof type === 'string' ? numberPatterns[type] : undefined;
    if (kept[header.name] !== undefined && pattern !== undefined)
      rules[header.name] = regexRule(pattern);
  }
  return { kept, rules };
}

/** A matching rule: the value matches the regular expression. */
export function regexRule(regex: string): PactRule {
  return { combine: 'AND', matchers: [{ match: 'regex', regex }] };
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
