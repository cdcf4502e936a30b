import { whenReady, type MaybePromise } from '../../maybe-promise.ts';
import { probeOf } from '../../responders/stubs/probe-of.ts';
import type { MatchedRequest, PipelineDeps, SteeredRequest } from '../request-states.ts';

/** The session's stub that matches the request, if any, its use counted. */
export function takeStub(
  steered: SteeredRequest,
  deps: PipelineDeps,
): MaybePromise<MatchedRequest> {
  const { operation, request, requestViolations, arrival } = steered;
  const found = deps.stubs.take(arrival.session, () =>
    probeOf(request, operation.operationId, requestViolations, deps.contract.current.secrets),
  );
  return whenReady(found, (stub) => ({ ...steered, stub }));
}
