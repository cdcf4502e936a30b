import type { Violation } from './violation.ts';

/**
 * Why a request that reached no operation does not meet the contract, for the journal and for
 * stubs that match such requests.
 *
 * @example
 * routeViolation('no-path', 'GET', '/trees'); // { location: 'path', message: '/trees matches no operation of the contract' }
 */
export function routeViolation(
  kind: 'no-path' | 'no-method',
  method: string,
  path: string,
): Violation {
  return kind === 'no-path'
    ? { location: 'path', message: `${path} matches no operation of the contract` }
    : { location: 'method', message: `${method} is not declared for ${path}` };
}
