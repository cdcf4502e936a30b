import { HttpError } from '../../errors.ts';
import { problemDetails } from '../../contract/problem-details.ts';
import { routeViolation } from '../../contract/route-violation.ts';
import type { RouteResult } from '../../contract/route-request.ts';
import { probeOf } from '../../responders/stubs/probe-of.ts';
import { whenReady } from '../../maybe-promise.ts';
import { next, refused, type Stage } from '../context.ts';

/**
 * A request that no operation matches is answered only by a stub registered for it; without one
 * it is refused: 404 for an unknown path, 405 (with `Allow`) for a method the path does not take.
 */
export const stubOutsideContract: Stage = (context, deps) => {
  const { route, request, arrival } = context;
  if (route === undefined || route.kind === 'matched' || request === undefined) return next;
  const violations = [routeViolation(route.kind, arrival.method, arrival.path)];
  context.requestViolations = violations;
  const found = deps.stubs.take(arrival.session, () =>
    probeOf(request, null, violations, deps.contract.current.secrets),
  );
  return whenReady(found, ({ stub }) => {
    context.stub = stub;
    return stub === undefined ? refused(routeError(route, arrival.method, arrival.path)) : next;
  });
};

function routeError(
  route: Exclude<RouteResult, { kind: 'matched' }>,
  method: string,
  path: string,
): HttpError {
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
