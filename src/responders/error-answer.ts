import { declaredResponse } from '../contract/choose-response.ts';
import type { ContractOperation } from '../contract/contract-operation.ts';
import { problemMediaType } from '../contract/problem-details.ts';
import { staticSample } from '../contract/static-sample.ts';
import type { HttpError, ProblemDetails } from '../errors.ts';
import { errorBody, shapedErrorBody } from './error-body.ts';
import { jsonHeaders, type ModeAnswer } from './response-mode.ts';

/**
 * The answer to a request refused within the contract (no credentials, unreadable controls, a
 * status the operation does not declare, a refusal of the store): the contract's shape for it.
 *
 * @example
 * answerRefusal(operation, new HttpError('UNAUTHORIZED', 'Missing credentials.')); // { response: { status: 401, ... }, source: 'error:UNAUTHORIZED' }
 */
export function answerRefusal(
  operation: ContractOperation | undefined,
  error: HttpError,
): ModeAnswer {
  const { status, message, code, headers, problem } = error;
  return errorAnswer(operation, status, message, `error:${code}`, headers, problem);
}

/**
 * An error answer in the shape the contract gives that status, carrying the message; where that
 * shape has no field for it, the contract's own answer for the status (its example, else a sample
 * of its schema); where the contract declares nothing for it, `{error, message}`, or the
 * `problem` (RFC 7807) when the contract's errors are problems (see errorStyleOf).
 *
 * @example
 * errorAnswer(operation, 400, 'body/name: must be string', 'validation-error');
 */
export function errorAnswer(
  operation: ContractOperation | undefined,
  status: number,
  message: string,
  source: string,
  headers: Readonly<Record<string, string>> = {},
  problem?: ProblemDetails,
): ModeAnswer {
  // The contract's own answer for the status, if any, wins for what the API would refuse (an
  // invalid request, missing credentials); not for what the mock cannot do (controls, media
  // types, schemas it cannot sample), which no declared response describes.
  if (
    problem !== undefined &&
    operation?.errorStyle === 'problem' &&
    (!refusedByApi(source) || declaredResponse(operation, problem.status) === undefined)
  ) {
    return { response: problemResponse(problem, headers), source };
  }
  const declared = operation === undefined ? undefined : declaredResponse(operation, status);
  if (operation?.errorStyle === 'problem' && declared !== undefined && !declared.contents?.length) {
    // Declared without content (a bare `default`): answered as declared, empty, as Prism does.
    return { response: { status, headers: { ...headers }, body: undefined }, source };
  }
  if (
    operation !== undefined &&
    shapedErrorBody(operation, status, message) === undefined &&
    (declaredResponse(operation, status)?.contents ?? []).length > 0
  ) {
    const declared = staticSample(operation, { status });
    if (declared.ok && declared.response.body !== undefined) {
      const { response } = declared;
      return { response: { ...response, headers: { ...response.headers, ...headers } }, source };
    }
  }
  return {
    response: {
      status,
      headers: { ...jsonHeaders, ...headers },
      body: errorBody(operation, status, message),
    },
    source,
  };
}

// What the API itself would refuse (an invalid request, missing credentials), not what the mock
// cannot do.
function refusedByApi(source: string): boolean {
  return source === 'validation-error' || source === 'error:UNAUTHORIZED';
}

// A problem's `headers` member is what it is sent with, as Prism sends it: its challenge, if any,
// replaces the mock's.
function problemResponse(
  problem: ProblemDetails,
  headers: Readonly<Record<string, string>>,
): ModeAnswer['response'] {
  const own = (problem.headers ?? {}) as Record<string, string>;
  const sent: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() !== 'www-authenticate') sent[name] = value;
  }
  for (const [name, value] of Object.entries(own)) sent[name.toLowerCase()] = value;
  sent['content-type'] = problemMediaType;
  return { status: problem.status, headers: sent, body: problem, mediaType: problemMediaType };
}
