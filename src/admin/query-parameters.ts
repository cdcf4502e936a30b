import { HttpError } from '../errors.ts';

/**
 * A query parameter as `read` makes it of its one value, or undefined when it is absent; refused
 * with 400, saying it must be `expected`, when it is given twice or `read` gives undefined.
 *
 * @example
 * queryParameter({ spec: '3' }, 'spec', '4 or 3', (raw) => ({ 4: 4, 3: 3 })[raw]); // 3
 */
export function queryParameter<T>(
  query: Record<string, unknown>,
  name: string,
  expected: string,
  read: (raw: string) => T | undefined,
  action = 'read the query',
): T | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  const value = typeof raw === 'string' ? read(raw) : undefined;
  if (value !== undefined) return value;
  throw new HttpError(
    'INVALID_ADMIN_REQUEST',
    `Failed to ${action}: ${name} must be ${expected}, got ${JSON.stringify(raw)}.`,
  );
}

/** A whole-number query parameter of at least `minimum`, or undefined when it is absent. */
export function integerParameter(
  query: Record<string, unknown>,
  name: string,
  minimum: number,
): number | undefined {
  return queryParameter(query, name, `a whole number of at least ${minimum}`, (raw) =>
    /^\d+$/.test(raw) && Number(raw) >= minimum ? Number(raw) : undefined,
  );
}

/** `fields=summary`: each entry without its query, headers and bodies. */
export function wantsSummary(query: Record<string, unknown>): boolean {
  const summary = (raw: string) => (raw === 'summary' ? true : undefined);
  return queryParameter(query, 'fields', '"summary" or absent', summary) ?? false;
}
