import type { ContractOperation } from '../../contract/contract-operation.ts';
import { problemDetails } from '../../contract/problem-details.ts';
import { HttpError } from '../../errors.ts';
import type { MaybePromise } from '../../maybe-promise.ts';
import { answerRefusal } from '../../responders/error-answer.ts';
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
 * requests under --errors and --fallback-on's answers; a GET or HEAD with a body its operation
 * does not declare gets 501, as in Prism. Stubs are read fresh (take): a provider's answer cannot
 * be taken back.
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
  if (unforwardableBody(arrival.method, arrival.body, operation)) {
    return answered(steered, answerRefusal(operation, unforwardableBodyError(arrival.method)));
  }
  const answer = await upstream.answer(operation, {
    method: arrival.method,
    path: arrival.path,
    query: request.query,
    headers: arrival.headers,
    body: arrival.body,
  });
  return answer === undefined ? steered : answered(steered, answer);
}

// RFC 9110 gives a GET's or a HEAD's content no meaning: a client sends one only to an origin
// that says it takes it, which the contract does by declaring a body for the operation.
function unforwardableBody(
  method: string,
  body: Buffer | undefined,
  operation: ContractOperation,
): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  return body !== undefined && body.length > 0 && operation.requestMediaTypes.length === 0;
}

function unforwardableBodyError(method: string): HttpError {
  const message = `Failed to forward the ${method} request to the upstream: it has a body, and the contract declares none for this operation. Make sure to send it without a body, or declare its body in the contract.`;
  return new HttpError('UNFORWARDABLE_BODY', message, {
    problem: problemDetails('PROXY_UNSUPPORTED_REQUEST_BODY', ''),
  });
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
