import type { ContractOperation } from './contract-operation.ts';

/**
 * The contract's operations by path, so that a request looks at its own path's operations, not
 * every one (docs/design.md#start-up): built once per operations list, in one pass.
 */
export interface PathIndex {
  /**
   * The operations a request path can match, in routing order (literal templates before
   * templated ones, each in document order): those whose template's first plain segment is the
   * path's segment at the same place, and those whose template has no plain segment.
   */
  candidates(path: string): readonly ContractOperation[];
  /** The operations of one path template, in document order. */
  at(template: string): readonly ContractOperation[];
  /** The templates one segment below `template` (`/todos/{id}` under `/todos`). */
  under(template: string): readonly string[];
  /** Where an operation stands in the document (its index in the list). */
  orderOf(operation: ContractOperation): number;
  /** The operations that carry an `x-` field, in document order. */
  carrying(extension: string): readonly ContractOperation[];
}

const built = new WeakMap<readonly ContractOperation[], PathIndex>();
const none: readonly never[] = [];

/**
 * The index of an operations list, built on the first call for that list and kept with it.
 *
 * @example
 * pathIndexOf(contract.operations).candidates('/plants/7'); // [getPlant, ...]
 */
export function pathIndexOf(operations: readonly ContractOperation[]): PathIndex {
  let index = built.get(operations);
  if (index === undefined) built.set(operations, (index = buildIndex(operations)));
  return index;
}

function buildIndex(operations: readonly ContractOperation[]): PathIndex {
  const byTemplate = new Map<string, ContractOperation[]>();
  const below = new Map<string, string[]>();
  const order = new Map<ContractOperation, number>();
  const extended = new Map<string, ContractOperation[]>();
  operations.forEach((op, position) => {
    order.set(op, position);
    const same = byTemplate.get(op.path);
    if (same !== undefined) same.push(op);
    else {
      byTemplate.set(op.path, [op]);
      const cut = op.path.lastIndexOf('/');
      if (cut >= 0) append(below, op.path.slice(0, cut), op.path);
    }
    for (const name in op.extensions) append(extended, name, op);
  });
  const { byPlace, wild, rank } = routeBuckets(operations);
  return {
    candidates(path) {
      if (!path.startsWith('/')) return wild;
      let found = wild;
      path.split('/', byPlace.length).forEach((segment, place) => {
        const bucket = byPlace[place]?.get(segment);
        if (bucket !== undefined) found = found.length === 0 ? bucket : merged(found, bucket, rank);
      });
      return found;
    },
    at: (template) => byTemplate.get(template) ?? none,
    under: (template) => below.get(template) ?? none,
    orderOf: (operation) => order.get(operation) ?? -1,
    carrying: (extension) => extended.get(extension) ?? none,
  };
}

// A segment that matches only itself: what a template's pattern writes as it is.
const plainSegment = /^[A-Za-z0-9\-._~]*$/;

// Literal templates win over templated ones, as OpenAPI asks (a stable sort: document order
// among equals). Each operation is kept by its template's first plain segment and that
// segment's place (`/{tenant}/plants/{id}` by `plants` at 2), as the segment a matching path
// has at that place; a template without one (or not starting with `/`) is tested for every path.
function routeBuckets(operations: readonly ContractOperation[]) {
  const templates = (path: string): number => path.split('{').length - 1;
  const routed = operations
    .map((op) => ({ op, templates: templates(op.path) }))
    .sort((a, b) => a.templates - b.templates)
    .map(({ op }) => op);
  const rank = new Map(routed.map((op, position) => [op, position]));
  const byPlace: Map<string, ContractOperation[]>[] = [];
  const wild: ContractOperation[] = [];
  for (const op of routed) {
    // A parameter matches within one segment, whatever its name holds (`{a/b}` too).
    const segments = op.path.replace(/\{[^}]+\}/g, '{}').split('/');
    const place = segments.findIndex((s, i) => i > 0 && plainSegment.test(s));
    if (!op.path.startsWith('/') || place < 0) wild.push(op);
    else append((byPlace[place] ??= new Map()), segments[place] ?? '', op);
  }
  return { byPlace, wild, rank };
}

// Two lists in routing order, merged into one.
function merged(
  a: readonly ContractOperation[],
  b: readonly ContractOperation[],
  rank: ReadonlyMap<ContractOperation, number>,
): ContractOperation[] {
  const out: ContractOperation[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const left = a[i];
    const right = b[j];
    if (
      right === undefined ||
      (left !== undefined && (rank.get(left) ?? 0) < (rank.get(right) ?? 0))
    ) {
      out.push(left as ContractOperation);
      i += 1;
    } else {
      out.push(right);
      j += 1;
    }
  }
  return out;
}

function append<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}
