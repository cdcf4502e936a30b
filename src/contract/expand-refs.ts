import { isPlainObject, pathToPointer } from '@stoplight/json';

/** A document with its references expanded; `refsLeft` when some `$ref` is still in it. */
export interface ExpandedDocument {
  document: Record<string, unknown>;
  refsLeft: boolean;
}

/** Thrown inside expandRefs for a document its simple reading does not cover. */
class NotSimple extends Error {}

// Characters a pointer may hold for this reading to decode it as json-schema-ref-parser does
// (which first passes it through `url.resolve`, escaping some others).
const plainPointer = /^#\/[A-Za-z0-9/~._\-%$@+]*$/;

/**
 * The document with every `$ref` replaced by a copy of what it points to, and a reference
 * back to a schema it is inside of written as `{ $ref }` to where that schema begins: what
 * json-schema-ref-parser's `dereference` followed by `@stoplight/json`'s `decycle` give (a
 * test holds them equal), in one walk, with no URL parsed and a pointer written only for a cycle.
 * `refsLeft` is false when none is left (no cycle), so nothing needs bundling after it.
 * Undefined when the document has a reference this walk leaves to those libraries: one with
 * siblings, one to `#` or to another `$ref`, one through a `$ref`, or one that points nowhere.
 *
 * @example
 * expandRefs({ a: { $ref: '#/b' }, b: { type: 'string' } });
 * // { document: { a: { type: 'string' }, b: { type: 'string' } }, refsLeft: false }
 */
export function expandRefs(document: object): ExpandedDocument | undefined {
  const path: string[] = [];
  let refsLeft = false;
  // The objects being copied, with the length of the path where each began.
  const open = new Map<object, number>();

  function copy(node: object): unknown {
    const began = open.get(node);
    if (began !== undefined) {
      refsLeft = true;
      return { $ref: pathToPointer(path.slice(0, began)) };
    }
    if (!Array.isArray(node) && !isPlainObject(node)) throw new NotSimple();
    open.set(node, path.length);
    let out: unknown;
    if (Array.isArray(node)) {
      out = node.map((child: unknown, index) => valueAt(String(index), child));
    } else {
      const fields: Record<string, unknown> = {};
      for (const key of Object.keys(node)) {
        fields[key] = valueAt(key, (node as Record<string, unknown>)[key]);
      }
      out = fields;
    }
    open.delete(node);
    return out;
  }

  function valueAt(key: string, value: unknown): unknown {
    if (value === null || typeof value !== 'object') return value;
    path.push(key);
    const result = copy(targetOf(value));
    path.pop();
    return result;
  }

  // What a value stands for: itself, or the target of the reference it is.
  function targetOf(value: object): object {
    const ref = (value as { $ref?: unknown }).$ref;
    if (typeof ref !== 'string' || ref === '' || (ref !== '#' && !ref.startsWith('#/'))) {
      if (typeof ref === 'string' && ref !== '' && !ref.startsWith('#')) throw new NotSimple();
      refsLeft ||= typeof ref === 'string';
      return value;
    }
    if (Object.keys(value).length !== 1 || !plainPointer.test(ref)) throw new NotSimple();
    let target: unknown = document;
    for (const token of ref.slice(2).split('/')) {
      if (target === null || typeof target !== 'object' || '$ref' in target) {
        throw new NotSimple();
      }
      const key = decodeURIComponent(token.replaceAll('~1', '/').replaceAll('~0', '~'));
      target = (target as Record<string, unknown>)[key];
    }
    if (target === null || typeof target !== 'object' || '$ref' in target) throw new NotSimple();
    return target;
  }

  if ('$ref' in document) return undefined;
  try {
    const expanded = copy(document) as Record<string, unknown>;
    return { document: expanded, refsLeft };
  } catch (error) {
    if (error instanceof NotSimple || error instanceof URIError) return undefined;
    throw error;
  }
}
