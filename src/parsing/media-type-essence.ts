/**
 * A media type without its parameters, trimmed and lower case ('' for none): what a body's
 * Content-Type is compared by.
 *
 * @example
 * mediaTypeEssence('Application/JSON; charset=utf-8'); // 'application/json'
 */
export function mediaTypeEssence(mediaType: string): string {
  return (mediaType.split(';')[0] ?? '').trim().toLowerCase();
}

/**
 * Whether a media type's essence is JSON: `application/json` or an `application/...+json`.
 *
 * @example
 * isJsonEssence('application/merge-patch+json'); // true
 */
export function isJsonEssence(essence: string): boolean {
  return essence === 'application/json' || /^application\/[^/]+\+json$/.test(essence);
}
