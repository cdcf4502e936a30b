import { defineField } from './item-shape.ts';
import { isNode } from './schema-fields.ts';

/**
 * A JSON merge patch (RFC 7396) applied to a copy of `target`: `null` removes a field, an object
 * merges into the field's object, anything else replaces it.
 *
 * @example
 * mergePatch({ a: 1, b: { c: 2 } }, { a: null, b: { d: 3 } }); // { b: { c: 2, d: 3 } }
 */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isNode(patch)) return patch;
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(isNode(target) ? target : {})) {
    if (!Object.hasOwn(patch, name)) defineField(result, name, value);
  }
  for (const [name, value] of Object.entries(patch)) {
    if (value !== null)
      defineField(result, name, mergePatch(isNode(target) ? target[name] : undefined, value));
  }
  return result;
}
