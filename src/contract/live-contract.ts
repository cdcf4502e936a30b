import type { Contract } from './load-contract.ts';
import { createRouter, type RouteResult } from './route-request.ts';

/**
 * The contract being served, swappable while the server runs (`--watch`): every request reads
 * the current one, so a reload drops no connection and no request sees half of each.
 */
export function createLiveContract(initial: Contract) {
  let current = initial;
  let route = createRouter(initial.operations);
  return {
    get current(): Contract {
      return current;
    },
    route(method: string, path: string): RouteResult {
      return route(method, path);
    },
    replace(next: Contract): void {
      current = next;
      route = createRouter(next.operations);
    },
  };
}

export type LiveContract = ReturnType<typeof createLiveContract>;
