/**
 * Whether a value is a JSON object (not an array, not null).
 *
 * @example
 * isRecord({ code: 'X' }); // true
 * isRecord(['X']); // false
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
