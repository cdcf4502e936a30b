import type { Mode } from '../config/config-schema.ts';
import { declaredResponse } from '../contract/choose-response.ts';
import type { ContractOperation } from '../contract/contract-operation.ts';
import type { EngineRequest } from '../contract/engine-messages.ts';
import { problemDetails } from '../contract/problem-details.ts';
import { formatViolations, type Violation } from '../contract/violation.ts';
import { HttpError } from '../errors.ts';
import type { MaybePromise } from '../maybe-promise.ts';
import { invalidRequestProblem } from '../validation/invalid-request-problem.ts';
import { errorAnswer } from './error-answer.ts';
import { requireAcceptable } from './not-acceptable.ts';
import type { MockControls } from './parse-controls.ts';
import type { ModeAnswer, ResponseMode } from './response-mode.ts';

export interface AnswerDeps {
  mode: Mode;
  seed: string | undefined;
  modes: Record<Mode, ResponseMode>;
}

/**
 * Answers a request that reached an operation: an invalid one with the contract's error status
 * and every violation, a valid one by the mode, both as the request's controls steer. What it
 * refuses it throws at once, as an HttpError.
 */
export function answerRequest(
  deps: AnswerDeps,
  operation: ContractOperation,
  request: EngineRequest,
  session: string,
  controls: MockControls,
  requestViolations: Violation[],
): MaybePromise<ModeAnswer> {
  if (controls.status !== undefined && declaredResponse(operation, controls.status) === undefined) {
    throw new HttpError(
      'INVALID_CONTROL',
      `Failed to read the mock controls: code=${controls.status} is not declared for ${operation.operationId} (declared: ${operation.resource.responses.map((r) => r.code).join(', ')}). Make sure to ask for a declared status.`,
      {
        problem: problemDetails(
          'NOT_FOUND',
          `Requested status code ${controls.status} is not defined in the document.`,
        ),
      },
    );
  }
  // Only a forced error status answers an invalid request otherwise: `code=200` asks for the
  // success answer of a valid request, not for the checks to be skipped.
  if (requestViolations.length > 0 && (controls.status === undefined || controls.status < 400)) {
    const message = `Request does not match the contract: ${formatViolations(requestViolations)}`;
    const status = invalidRequestStatus(operation, requestViolations);
    // Prism's 422 problem where no status fits; a 400 the contract does not declare is a problem
    // of its own where its errors are problems.
    const problem =
      status === undefined || (status === 400 && operation.errorStyle === 'problem')
        ? invalidRequestProblem(operation, request, requestViolations, status)
        : undefined;
    return errorAnswer(operation, status ?? 422, message, 'validation-error', {}, problem);
  }
  const status = controls.status ?? operation.successStatus;
  // A forced status the contract declares without content is answered as declared: empty.
  const declaresContent = (declaredResponse(operation, status)?.contents ?? []).length > 0;
  if (
    status >= 400 &&
    controls.status !== undefined &&
    controls.exampleKey === undefined &&
    declaresContent
  ) {
    const why =
      requestViolations.length > 0
        ? `the request has these violations: ${formatViolations(requestViolations)}`
        : 'the request itself matches the contract';
    return errorAnswer(
      operation,
      status,
      `Forced ${status} response (asked for with code=${status}); ${why}.`,
      'prefer',
    );
  }
  // Every mode negotiates alike: an Accept that allows none of the declared contents is a 406.
  if (controls.exampleKey === undefined)
    requireAcceptable(operation, status, request.headers.accept);
  const modeRequest = { operation, request, session, status, seed: controls.seed ?? deps.seed };
  if (controls.exampleKey !== undefined) {
    return deps.modes.static.respond({ ...modeRequest, exampleKey: controls.exampleKey });
  }
  const dynamic = controls.dynamic ?? deps.mode === 'dynamic';
  if (dynamic) return deps.modes.dynamic.respond(modeRequest);
  if (controls.dynamic === false || controls.status !== undefined || requestViolations.length > 0) {
    return deps.modes.static.respond(modeRequest);
  }
  return deps.modes[deps.mode].respond(modeRequest);
}

// The contract's 415 for a body of a media type the operation does not take, else its 400, else
// its 422, else a `4XX` range as 400; where it declares none of them, the mock's own: 400, or
// undefined where the contract's errors are problems (then the 422 problem, or the contract's
// `default`, as Prism answers). A malformed path parameter is a 400 there too (a malformed id is
// the client's error, not an unprocessable entity), unless the operation declares no error
// response at all: then Prism's 422, which Prism's own harness holds.
function invalidRequestStatus(
  operation: ContractOperation,
  violations: Violation[],
): number | undefined {
  const mediaTypeOnly = violations.every((v) => v.location === 'header/content-type');
  if (mediaTypeOnly && operation.statuses.includes(415)) return 415;
  if (operation.statuses.includes(400)) return 400;
  if (operation.statuses.includes(422)) return 422;
  if (declaredResponse(operation, 400)?.code.toUpperCase() === '4XX') return 400;
  if (operation.errorStyle !== 'problem') return 400;
  const inPath = violations.some((v) => v.location === 'path' || v.location.startsWith('path/'));
  return inPath && declaresErrors(operation) ? 400 : undefined;
}

function declaresErrors(operation: ContractOperation): boolean {
  return operation.resource.responses.some((r) => /^([45]|default)/i.test(r.code));
}
