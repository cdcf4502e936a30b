import { HttpError } from '../errors.ts';

/** A whole-number query parameter of at least `minimum`, or undefined when it is absent. */
export function integerParameter(
  query: Record<string, unknown>,
  name: string,
  minimum: number,
): number | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || Number(raw) < minimum) {
    throw new HttpError(
      'INVALID_ADMIN_REQUEST',
      `Failed to read the query: ${name} must be a whole number of at least ${minimum}, got ${JSON.stringify(raw)}.`,
    );
  }
  return Number(raw);
}

/** `fields`: "summary" (each entry without its query, headers and bodies) or absent. */
export function fieldsParameter(query: Record<string, unknown>): 'summary' | undefined {
  const { fields } = query;
  if (fields === undefined || fields === 'summary') return fields;
  throw new HttpError(
    'INVALID_ADMIN_REQUEST',
    `Failed to read the query: fields must be "summary" or absent, got ${JSON.stringify(fields)}.`,
  );
}
