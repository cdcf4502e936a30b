import type { MaybePromise } from '../../maybe-promise.ts';
import type { MockControls } from '../../responders/parse-controls.ts';
import { probeOf } from '../../responders/stubs/probe-of.ts';
import type { Upstream } from '../../responders/upstream/create-upstream.ts';
import {
  answered,
  type AnsweredRequest,
  type PipelineDeps,
  type SteeredRequest,
} from '../request-states.ts';
import { respondByStub } from './respond.ts';

/**
 * With --upstream, a request no stub answers goes to the provider, valid or not, and its answer is
 * judged next. The mock answers instead for --mock-operations, controls that ask the mock, invalid
 * requests under --errors and --fallback-on's answers. Stubs are read fresh (take): a provider's
 * answer cannot be taken back.
 */
export function forwardUpstream(
  steered: SteeredRequest,
  deps: PipelineDeps,
): MaybePromise<SteeredRequest | AnsweredRequest> {
  const { upstream } = deps;
  if (upstream === undefined || !goesUpstream(steered, deps)) return steered;
  const { operation, request, arrival, requestViolations } = steered;
  const stub = deps.stubs.take(arrival.session, () =>
    probeOf(request, operation.operationId, requestViolations, deps.contract.current.secrets),
  );
  return Promise.resolve(stub).then((found) =>
    found === undefined
      ? forward(steered, upstream)
      : respondByStub({ ...steered, stub: found }, deps),
  );
}

async function forward(
  steered: SteeredRequest,
  upstream: Upstream,
): Promise<SteeredRequest | AnsweredRequest> {
  const { arrival, request, operation } = steered;
  const answer = await upstream.answer(operation, {
    method: arrival.method,
    path: arrival.path,
    query: request.query,
    headers: arrival.headers,
    body: arrival.body,
  });
  return answer === undefined ? steered : answered(steered, answer);
}

function goesUpstream(steered: SteeredRequest, deps: PipelineDeps): boolean {
  if (!(deps.upstream?.forwards(steered.operation.operationId) ?? false)) return false;
  if (asksTheMock(steered.controls)) return false;
  return deps.errors !== true || steered.requestViolations.length === 0;
}

// Controls that pick the mock's answer, or a fault in place of any; a delay or a seed does not.
function asksTheMock(controls: MockControls): boolean {
  return (
    controls.status !== undefined ||
    controls.exampleKey !== undefined ||
    controls.dynamic !== undefined ||
    controls.fault !== undefined
  );
}
