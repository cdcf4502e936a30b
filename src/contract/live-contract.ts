import type { ContractOperation } from './contract-operation.ts';
import type { Contract } from './load-contract.ts';
import { pathIndexOf } from './path-index.ts';

export type RouteResult =
  | { kind: 'matched'; operation: ContractOperation }
  | { kind: 'no-path' }
  | { kind: 'no-method'; allow: readonly string[] };

/**
 * The contract being served, swappable while the server runs (`--watch`): every request reads
 * the current one, so a reload drops no connection and no request sees half of each.
 */
export function createLiveContract(initial: Contract) {
  let current = initial;
  let index = pathIndexOf(initial.operations);
  return {
    get current(): Contract {
      return current;
    },
    /**
     * The operation for a method and path.
     *
     * @example
     * contract.route('POST', '/plants'); // { kind: 'matched', operation }
     * contract.route('GET', '/plants'); // { kind: 'no-method', allow: ['POST'] }
     */
    route(method: string, path: string): RouteResult {
      const allow: string[] = [];
      for (const operation of index.candidates(path)) {
        if (!operation.matcher.test(path)) continue;
        if (operation.method === method) return { kind: 'matched', operation };
        allow.push(operation.method);
      }
      return allow.length === 0 ? { kind: 'no-path' } : { kind: 'no-method', allow };
    },
    replace(next: Contract): void {
      index = pathIndexOf(next.operations);
      current = next;
    },
  };
}

export type LiveContract = ReturnType<typeof createLiveContract>;
