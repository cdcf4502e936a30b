/** A media type without its parameters, lower-case: `application/json; charset=utf-8` → `application/json`. */
export function essenceOf(mediaType: string): string {
  return (mediaType.split(';')[0] ?? '').trim().toLowerCase();
}

/**
 * Whether a media type is JSON: `application/json` or any `application/*+json`.
 *
 * @example
 * isJsonMediaType('application/problem+json; charset=utf-8'); // true
 */
export function isJsonMediaType(mediaType: string): boolean {
  return /^application\/([\w.+-]*\+)?json$/.test(essenceOf(mediaType));
}

/**
 * Whether an actual media type is one a declared one (which may use `*` wildcards) allows.
 *
 * @example
 * mediaTypeMatches('application/json; charset=utf-8', 'application/*'); // true
 */
export function mediaTypeMatches(actual: string, declared: string): boolean {
  const [type, subtype] = essenceOf(declared).split('/');
  const [actualType, actualSubtype] = essenceOf(actual).split('/');
  return (type === '*' || type === actualType) && (subtype === '*' || subtype === actualSubtype);
}
