import { ConfigError } from '../errors.ts';

/** The deepest a contract document may nest: its readers walk it recursively (docs/design.md). */
export const maxDocumentDepth = 256;

/**
 * Refuses a document the readers after it would fail on with a cause they cannot name: a `$ref`
 * left pointing outside the bundled document (readContractFiles has already refused URLs and
 * paths out of the spec's folder, and bundleContractFiles made the rest internal), nesting past
 * `maxDocumentDepth`, or a chain of `$ref`s that leads back to itself with no schema in between.
 * The walk keeps its own stack, so a hostile document cannot overflow it. Returns every key the
 * document uses, at any depth: checks of a keyword the document does not use can be skipped.
 *
 * @example
 * checkDocumentShape(parsedDocument, 'openapi.yaml'); // throws ConfigError naming where
 * checkDocumentShape(plantStore, 'openapi.yaml').has('pattern'); // false
 */
export function checkDocumentShape(document: object, path: string): Set<string> {
  const refs: string[] = [];
  const keys = new Set<string>();
  const stack: { node: object; pointer: string; depth: number }[] = [
    { node: document, pointer: '#', depth: 1 },
  ];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { node, pointer, depth } = item;
    if (depth > maxDocumentDepth) {
      throw refused(
        path,
        `it nests deeper than ${String(maxDocumentDepth)} levels at ${shortened(pointer)}`,
        'Make sure its schemas nest less deeply (a recursive shape can refer to itself with $ref)',
      );
    }
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string') {
      if (!ref.startsWith('#')) {
        throw refused(
          path,
          `it refers to "${ref}" outside itself, and the mock reads no file but the spec (and fetches nothing)`,
          'Make sure to bundle the document into one file first (for example with `redocly bundle`)',
        );
      }
      refs.push(ref);
    }
    for (const [key, child] of Object.entries(node)) {
      keys.add(key);
      if (child !== null && typeof child === 'object') {
        stack.push({
          node: child as object,
          pointer: `${pointer}/${escaped(key)}`,
          depth: depth + 1,
        });
      }
    }
  }
  for (const ref of new Set(refs)) {
    const cycle = refCycleFrom(document, ref);
    if (cycle !== undefined) {
      throw refused(
        path,
        `its $ref chain ${cycle.join(' -> ')} leads back to itself with no schema in between`,
        'Make sure every reference cycle passes through a schema (a property, items or an allOf member)',
      );
    }
  }
  return keys;
}

// The chain of pure references (`{"$ref": ...}` and nothing that describes a value) starting at
// `ref`, when it comes back to a pointer it has passed.
function refCycleFrom(document: object, ref: string): string[] | undefined {
  const seen: string[] = [];
  for (let at: string | undefined = ref; at !== undefined;) {
    if (seen.includes(at)) return [...seen.slice(seen.indexOf(at)), at];
    seen.push(at);
    const target = resolvePointer(document, at);
    const next = (target as { $ref?: unknown } | undefined)?.$ref;
    at = typeof next === 'string' && next.startsWith('#') ? next : undefined;
  }
  return undefined;
}

/**
 * The value an internal `$ref` (`#/components/responses/Plant`) points at, or undefined.
 *
 * @example
 * resolvePointer({ a: { b: 1 } }, '#/a/b'); // 1
 */
export function resolvePointer(document: object, ref: string): unknown {
  let node: unknown = document;
  const tokens = ref.slice(1).split('/').slice(1);
  for (const token of tokens) {
    if (node === null || typeof node !== 'object') return undefined;
    const key = safeDecode(token).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A URI component decoded, or as it is when it is malformed. */
export function safeDecode(token: string): string {
  try {
    return decodeURIComponent(token);
  } catch {
    return token;
  }
}

function escaped(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

// A pointer hundreds of levels deep is shown by its start and its end.
function shortened(pointer: string): string {
  return pointer.length <= 160 ? pointer : `${pointer.slice(0, 80)}...${pointer.slice(-60)}`;
}

function refused(path: string, reason: string, advice: string): ConfigError {
  return new ConfigError(`Failed to load the spec ${path}: ${reason}. ${advice}.`);
}
