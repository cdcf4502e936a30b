/**
 * A JSON merge patch (RFC 7396) applied to a copy of `target`: `null` removes a field, an object
 * merges into the field's object, anything else replaces it.
 *
 * @example
 * mergePatch({ a: 1, b: { c: 2 } }, { a: null, b: { d: 3 } }); // { b: { c: 2, d: 3 } }
 */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(isObject(target) ? target : {})) {
    if (!Object.hasOwn(patch, name)) define(result, name, value);
  }
  for (const [name, value] of Object.entries(patch)) {
    if (value !== null)
      define(result, name, mergePatch(isObject(target) ? target[name] : undefined, value));
  }
  return result;
}

function define(result: Record<string, unknown>, name: string, value: unknown): void {
  Object.defineProperty(result, name, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
