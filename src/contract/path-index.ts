import type { ContractOperation } from './contract-operation.ts';

/**
 * The contract's operations by path, so that a request looks at its own path's operations, not
 * every one (docs/design.md#start-up): built once per operations list, in one pass.
 */
export interface PathIndex {
  /**
   * The operations a request path can match, in routing order (literal templates before
   * templated ones, each in document order): those whose template's first segment is that
   * path's, and those whose first segment is a parameter or needs encoding.
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
  const { buckets, wild, rank } = routeBuckets(operations);
  return {
    candidates(path) {
      const first = firstSegment(path);
      const bucket = (first === undefined ? undefined : buckets.get(first)) ?? none;
      return wild.length === 0 ? bucket : merged(bucket, wild, rank);
    },
    at: (template) => byTemplate.get(template) ?? none,
    under: (template) => below.get(template) ?? none,
    orderOf: (operation) => order.get(operation) ?? -1,
    carrying: (extension) => extended.get(extension) ?? none,
  };
}

// A first segment that matches only itself: what a template's pattern writes as it is.
const plainSegment = /^[A-Za-z0-9\-._~]*$/;

// Literal templates win over templated ones, as OpenAPI asks (a stable sort: document order
// among equals); the ones whose first segment is plain are kept by that segment.
function routeBuckets(operations: readonly ContractOperation[]) {
  const templates = (path: string): number => path.split('{').length - 1;
  const routed = operations
    .map((op) => ({ op, templates: templates(op.path) }))
    .sort((a, b) => a.templates - b.templates)
    .map(({ op }) => op);
  const rank = new Map(routed.map((op, position) => [op, position]));
  const buckets = new Map<string, ContractOperation[]>();
  const wild: ContractOperation[] = [];
  for (const op of routed) {
    const first = firstSegment(op.path);
    if (first !== undefined && plainSegment.test(first)) append(buckets, first, op);
    else wild.push(op);
  }
  return { buckets, wild, rank };
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

// `plants` for `/plants/7`; undefined for a path that does not start with `/`.
function firstSegment(path: string): string | undefined {
  if (!path.startsWith('/')) return undefined;
  const end = path.indexOf('/', 1);
  return end < 0 ? path.slice(1) : path.slice(1, end);
}

function append<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}
