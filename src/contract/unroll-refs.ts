/** Times one `$ref` may appear again inside itself before the fake stops following it. */
const repeatsPerRef = 2;
/** Schema nodes one unrolled schema may hold, so that wide recursive schemas stay small. */
const nodeBudget = 5_000;

/** Marks a branch that can only go on by following a `$ref` once more: the caller prunes it. */
const exhausted = Symbol('exhausted');
type Unrolled = Record<string, unknown> | boolean | typeof exhausted;

const schemaMaps = new Set(['properties', 'patternProperties', 'dependentSchemas']);
const schemaLists = new Set(['allOf', 'prefixItems']);
const alternatives = new Set(['anyOf', 'oneOf']);
const subschemas = new Set([
  'additionalProperties',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'if',
  'then',
  'else',
]);

/**
 * Replaces the `#/__bundled__/...` refs of a recursive schema by copies of their targets, a few
 * levels deep, then prunes what would need one level more: an alternative of `anyOf`/`oneOf`, an
 * optional property, the items of an array that may be empty. The result has no ref left, so a
 * faker makes a value that still matches the schema (a `child` of `null` at the last level)
 * instead of guessing at the cut. Undefined when the schema has no finite instance (a required
 * self-reference with no way out); the caller then falls back to the faker's own depth limit.
 *
 * @example
 * unrollRefs(plantSchema, operation.resource.__bundled__);
 * // { type: 'object', properties: { child: { anyOf: [{ type: 'object', ... }, { type: 'null' }] } } }
 */
export function unrollRefs(
  schema: object,
  bundle: unknown,
  /**
   * What an optional property that would need one level more becomes: `false` (a faker then
   * leaves it out), or nothing at all (`omit`: a sampler renders `false` as `null`).
   */
  pruned: 'false' | 'omit' = 'false',
  /**
   * `prism`: Prism's static depth (each `$ref` followed once), and where the target accepts an
   * empty object, the cut is `{}` as Prism's sampler makes it; the pruning above only where `{}`
   * would break the schema.
   */
  depth: 'deeper' | 'prism' = 'deeper',
): object | undefined {
  const root = { __bundled__: bundle };
  const repeats = depth === 'prism' ? 1 : repeatsPerRef;
  let nodes = 0;

  function unroll(node: unknown, seen: readonly string[]): Unrolled {
    if (typeof node === 'boolean') return node;
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return {};
    if (++nodes > nodeBudget) return exhausted;
    const schemaNode = node as Record<string, unknown>;
    const ref = schemaNode.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/')) {
      if (seen.filter((earlier) => earlier === ref).length >= repeats) {
        const cutToEmpty = depth === 'prism' && acceptsEmptyObject(resolvePointer(root, ref));
        return cutToEmpty && Object.keys(schemaNode).length === 1 ? { type: 'object' } : exhausted;
      }
      const target = unroll(resolvePointer(root, ref), [...seen, ref]);
      const siblings = { ...schemaNode };
      delete siblings.$ref;
      if (target === exhausted || Object.keys(siblings).length === 0) return target;
      const rest = unroll(siblings, seen);
      return rest === exhausted ? exhausted : { allOf: [target, rest] };
    }
    const out: Record<string, unknown> = {};
    const required = new Set(Array.isArray(schemaNode.required) ? schemaNode.required : []);
    for (const [key, value] of Object.entries(schemaNode)) {
      if (schemaMaps.has(key) && isObject(value)) {
        const map: Record<string, unknown> = {};
        for (const [name, sub] of Object.entries(value)) {
          const unrolled = unroll(sub, seen);
          if (unrolled !== exhausted) map[name] = unrolled;
          else if (key === 'properties' && required.has(name)) return exhausted;
          else if (key === 'properties' && pruned === 'false') map[name] = false;
        }
        out[key] = map;
      } else if ((schemaLists.has(key) || alternatives.has(key)) && Array.isArray(value)) {
        const list = value.map((sub) => unroll(sub, seen));
        const kept = list.filter((sub) => sub !== exhausted);
        if (schemaLists.has(key) ? kept.length < list.length : kept.length === 0) return exhausted;
        out[key] = kept;
      } else if (key === 'items' && (isObject(value) || typeof value === 'boolean')) {
        const items = unroll(value, seen);
        if (items !== exhausted) out.items = items;
        else if (typeof schemaNode.minItems === 'number' && schemaNode.minItems > 0)
          return exhausted;
        else out.maxItems = 0;
      } else if (key === 'not') {
        const unrolled = unroll(value, seen);
        if (unrolled !== exhausted) out.not = unrolled;
      } else if (subschemas.has(key)) {
        const unrolled = unroll(value, seen);
        out[key] = unrolled === exhausted ? false : unrolled;
      } else if (key !== '$defs' && key !== 'definitions') {
        out[key] = value;
      }
    }
    return out;
  }

  const unrolled = unroll(schema, []);
  return unrolled === exhausted || typeof unrolled === 'boolean' ? undefined : unrolled;
}

/**
 * Whether a schema points into the operation's bundle anywhere (`#/__bundled__/...`): only then is
 * it recursive, and worth unrolling.
 *
 * @example
 * refersToBundle({ properties: { child: { $ref: '#/__bundled__/Plant' } } }); // true
 */
export function refersToBundle(node: unknown, seen = new WeakSet<object>()): boolean {
  if (node === null || typeof node !== 'object' || seen.has(node)) return false;
  seen.add(node);
  const { $ref } = node as { $ref?: unknown };
  if (typeof $ref === 'string' && $ref.startsWith('#/__bundled__')) return true;
  return Object.values(node).some((value) => refersToBundle(value, seen));
}

// Keywords under which `{}` may fail a schema; a schema with none of them, typed `object`, takes it.
const emptyObjectBreakers = ['allOf', 'anyOf', 'oneOf', 'not', '$ref', 'enum', 'const', 'if'];

function acceptsEmptyObject(schema: unknown): boolean {
  if (!isObject(schema)) return schema === true;
  const { type, required, minProperties } = schema;
  const typed = type === 'object' || (Array.isArray(type) && type.includes('object'));
  return (
    typed &&
    (!Array.isArray(required) || required.length === 0) &&
    (typeof minProperties !== 'number' || minProperties === 0) &&
    !emptyObjectBreakers.some((keyword) => keyword in schema) &&
    !['dependentRequired', 'dependencies', 'dependentSchemas', 'propertyNames'].some(
      (keyword) => keyword in schema,
    )
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function resolvePointer(root: object, pointer: string): unknown {
  let node: unknown = root;
  for (const token of pointer.slice(2).split('/')) {
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    const key = decodeURIComponent(token).replaceAll('~1', '/').replaceAll('~0', '~');
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
