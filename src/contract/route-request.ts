import type { ContractOperation } from './contract-operation.ts';

export type RouteResult =
  | { kind: 'matched'; operation: ContractOperation }
  | { kind: 'no-path' }
  | { kind: 'no-method'; allow: readonly string[] };

/**
 * Finds the operation for a method and path: the contract's routing, compiled once.
 *
 * @example
 * const route = createRouter(contract.operations);
 * route('POST', '/plants'); // { kind: 'matched', operation }
 * route('GET', '/plants'); // { kind: 'no-method', allow: ['POST'] }
 */
export function createRouter(operations: readonly ContractOperation[]) {
  // Literal paths win over templated ones, as OpenAPI asks.
  const ordered = [...operations].sort((a, b) => templateCount(a.path) - templateCount(b.path));
  return function route(method: string, path: string): RouteResult {
    const allow: string[] = [];
    for (const operation of ordered) {
      if (!operation.matcher.test(path)) continue;
      if (operation.method === method) return { kind: 'matched', operation };
      allow.push(operation.method);
    }
    return allow.length === 0 ? { kind: 'no-path' } : { kind: 'no-method', allow };
  };
}

function templateCount(path: string): number {
  return path.split('{').length - 1;
}
