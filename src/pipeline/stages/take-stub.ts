import { probeOf } from '../../responders/stubs/probe-of.ts';
import { whenReady } from '../../maybe-promise.ts';
import { next, type Stage } from '../context.ts';

/**
 * The session's stub that matches the request, if any, its use counted. A shared registry may
 * match against the stubs as it last saw them (confirmed later: see confirmStubs), except when
 * that view already proved stale for this request.
 */
export const takeStub: Stage = (context, deps) => {
  const { operation, request, requestViolations } = context;
  if (context.stub !== undefined || operation === undefined || request === undefined) return next;
  const found = deps.stubs.take(
    context.arrival.session,
    () => probeOf(request, operation.operationId, requestViolations, deps.contract.current.secrets),
    { mayAssume: !context.lookedAgain },
  );
  return whenReady(found, ({ stub, assumed }) => {
    context.stub = stub;
    context.stubsAssumed = assumed;
    return next;
  });
};
