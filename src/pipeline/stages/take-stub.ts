import { whenReady, type MaybePromise } from '../../maybe-promise.ts';
import { probeOf } from '../../responders/stubs/probe-of.ts';
import type { MatchedRequest, PipelineDeps, SteeredRequest } from '../request-states.ts';

/**
 * The session's stub that matches the request, if any, its use counted. With `mayAssume`, a
 * shared registry may match against the stubs as it last saw them (see respondOnStubs).
 */
export function takeStub(
  steered: SteeredRequest,
  deps: PipelineDeps,
  mayAssume = true,
): MaybePromise<MatchedRequest> {
  const { operation, request, requestViolations, arrival } = steered;
  const found = deps.stubs.take(
    arrival.session,
    () => probeOf(request, operation.operationId, requestViolations, deps.contract.current.secrets),
    { mayAssume },
  );
  return whenReady(found, ({ stub, assumed }) => ({ ...steered, stub, stubsAssumed: assumed }));
}
