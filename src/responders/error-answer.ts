import { declaredResponse } from '../contract/choose-response.ts';
import type { ContractOperation } from '../contract/contract-operation.ts';
import { problemMediaType } from '../contract/problem-details.ts';
import type { EngineResponse } from '../contract/engine-messages.ts';
import { isJsonMediaType } from '../contract/media-type.ts';
import { pathIndexOf } from '../contract/path-index.ts';
import type { HttpError, ProblemDetails } from '../errors.ts';
import { contractErrorAnswer } from './error-body.ts';
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
 * An error answer as the contract declares it for that status, valid against it, carrying the
 * message (see contractErrorAnswer); where the contract declares nothing for it, `{error,
 * message}`, or the `problem` (RFC 7807) when the contract's errors are problems (see
 * errorStyleOf). What the mock itself cannot do (a malformed control, a schema it cannot
 * sample, `--errors`) is answered with that problem even where a response is declared: no
 * declared response describes it.
 */
export function errorAnswer(
  operation: ContractOperation | undefined,
  status: number,
  message: string,
  source: string,
  headers: Readonly<Record<string, string>> = {},
  problem?: ProblemDetails,
): ModeAnswer {
  const declared = operation === undefined ? undefined : declaredResponse(operation, status);
  // A `default` answers an invalid request or a missing credential, as in Prism, and a 406 (the
  // contract's answer for any other status); a control's 404 it does not describe.
  const describes =
    declared !== undefined && (declared.code !== 'default' || answeredByDefault.has(source));
  if (
    problem !== undefined &&
    operation?.errorStyle === 'problem' &&
    (mockLimits.has(source) || !describes)
  ) {
    return { response: problemResponse(problem, headers), source };
  }
  if (operation?.errorStyle === 'problem' && declared !== undefined && !declared.contents?.length) {
    // Declared without content (a bare `default`): answered as declared, empty, as Prism does.
    return { response: { status, headers: { ...headers }, body: undefined }, source };
  }
  const shaped =
    operation !== undefined && (declared?.contents ?? []).length > 0
      ? contractErrorAnswer(operation, status, message)
      : undefined;
  if (shaped !== undefined) {
    return { response: { ...shaped, headers: { ...shaped.headers, ...headers } }, source };
  }
  return {
    response: {
      status,
      headers: { ...jsonHeaders, ...headers },
      body: { error: status, message },
    },
    source,
  };
}

// What the mock cannot do, which no response of the contract describes: answered with Prism's
// problem where the contract's errors are problems.
const mockLimits = new Set(['error:INVALID_CONTROL', 'error:UNANSWERABLE_RESPONSE', 'violations']);
const answeredByDefault = new Set([
  'validation-error',
  'error:UNAUTHORIZED',
  'error:NOT_ACCEPTABLE',
]);

/**
 * The contract's own answer to a request that no operation takes (an unknown path, a method the
 * path does not take): the response an operation declares for that status, the operations of
 * that path first. Undefined when none declares one with a JSON body. Converts only the path's
 * operations and, where none of them declares it, the document's up to the first that does.
 */
export function declaredRefusal(
  operations: readonly ContractOperation[],
  status: number,
  path: string,
  message: string,
): EngineResponse | undefined {
  const index = pathIndexOf(operations);
  const declares = (o: ContractOperation): boolean =>
    o.statuses.includes(status) &&
    (declaredResponse(o, status)?.contents ?? []).some((c) => isJsonMediaType(c.mediaType));
  const onPath = index
    .candidates(path)
    .filter((o) => o.matcher.test(path) && declares(o))
    .sort((a, b) => index.orderOf(a) - index.orderOf(b));
  const operation = onPath[0] ?? operations.find(declares);
  return operation === undefined ? undefined : contractErrorAnswer(operation, status, message);
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
