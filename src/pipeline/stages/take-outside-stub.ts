import { problemDetails } from '../../contract/problem-details.ts';
import type { RouteResult } from '../../contract/live-contract.ts';
import { routeViolation } from '../../contract/route-violation.ts';
import { HttpError } from '../../errors.ts';
import { whenReady, type MaybePromise } from '../../maybe-promise.ts';
import { declaredRefusal } from '../../responders/error-answer.ts';
import { probeOf } from '../../responders/stubs/probe-of.ts';
import type { Stub } from '../../responders/stubs/stub.ts';
import { refusal, type Arrival, type ParsedRequest, type PipelineDeps } from '../request-states.ts';
import { readRequest } from './read-request.ts';

/** A request that no operation of the contract matches, and why. */
export interface UnroutedRequest {
  readonly arrival: Arrival;
  readonly route: Exclude<RouteResult, { kind: 'matched' }>;
}

/**
 * A request that no operation matches is answered only by a stub registered for it; without one
 * it is refused: 404 for an unknown path, 405 (with `Allow`) for a method the path does not take.
 */
export function takeOutsideStub(
  { arrival, route }: UnroutedRequest,
  deps: PipelineDeps,
): MaybePromise<ParsedRequest<undefined> & { readonly stub: Stub }> {
  const parsed = readRequest({ arrival, operation: undefined });
  const requestViolations = [routeViolation(route.kind, arrival.method, arrival.path)];
  const found = deps.stubs.take(arrival.session, () =>
    probeOf(parsed.request, null, requestViolations, deps.contract.current.secrets),
  );
  return whenReady(found, (stub) => {
    if (stub === undefined) throw declaredOrOwn(routeError(route, arrival), arrival.path, deps);
    return { ...parsed, requestViolations, stub };
  });
}

// The contract's own 404 (or 405) where an operation declares one, else the mock's refusal.
function declaredOrOwn(error: HttpError, path: string, deps: PipelineDeps): HttpError {
  const { operations } = deps.contract.current;
  const declared = declaredRefusal(operations, error.status, path, error.message);
  return declared === undefined ? refusal(error, deps.contract) : error.withAnswer(declared);
}

function routeError(route: UnroutedRequest['route'], { method, path }: Arrival): HttpError {
  if (route.kind === 'no-path') {
    return new HttpError(
      'NOT_FOUND',
      `No operation of the contract matches ${method} ${path}. Make sure the path is one the contract declares.`,
      {
        problem: problemDetails(
          'NO_PATH_MATCHED_ERROR',
          `The route ${path} hasn't been found in the specification file`,
        ),
      },
    );
  }
  const allow = route.allow.join(', ');
  return new HttpError(
    'METHOD_NOT_ALLOWED',
    `${path} does not accept ${method}. Make sure to use ${route.allow.join(' or ')}.`,
    {
      headers: { allow },
      problem: problemDetails(
        'NO_METHOD_MATCHED_ERROR',
        `The route ${path} has been matched, but it does not have "${method.toLowerCase()}" method defined`,
      ),
    },
  );
}
