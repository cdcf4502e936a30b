import type { Mode } from '../config/config-schema.ts';
import { parseControls, withoutControlParameters, type MockControls } from './parse-controls.ts';
import type { ContractOperation } from '../contract/contract-operation.ts';
import { int64Violations } from '../validation/int64-range.ts';
import type { LiveContract } from '../contract/live-contract.ts';
import {
  validateRequest,
  validateResponse,
  type EngineRequest,
} from '../validation/prism-engine.ts';
import type { Violation } from '../validation/violation.ts';
import { HttpError } from '../errors.ts';
import { applyFault } from '../http/apply-fault.ts';
import type { ModeAnswer, ResponseMode } from '../responders/response-mode.ts';
import { answerFromStub } from '../responders/stubs/answer-from-stub.ts';
import { probeOf } from '../responders/stubs/probe-of.ts';
import type { Stub } from '../responders/stubs/stub.ts';
import type { StubRegistry } from '../responders/stubs/stub-registry.ts';
import { answerRequest, errorAnswer } from '../responders/answer-request.ts';
import { checkCredentials } from '../validation/check-credentials.ts';
import { flattenHeaders } from '../http/flatten-headers.ts';
import { readBody } from '../validation/parse-request-body.ts';
import { routeViolation } from '../contract/route-violation.ts';
import { sessionHeaderOf, sessionNameProblem } from '../sessions/session-of.ts';
import type { Exchange } from '../http/exchange.ts';
import { answerExchange } from '../http/send-answer.ts';

export interface MockHandlerDeps {
  mode: Mode;
  seed: string | undefined;
  tokens: readonly string[] | undefined;
  delay: { min: number; max: number };
  maxDelay: number;
  contract: LiveContract;
  modes: Record<Mode, ResponseMode>;
  stubs: StubRegistry;
  onResponseViolations: (
    operationId: string | null,
    status: number,
    violations: Violation[],
  ) => void;
}

/** What the handler decided for one request; kept on the exchange for logging and the journal. */
export interface Outcome extends ModeAnswer {
  /** Undefined only for a stub that answers outside the contract. */
  operation: ContractOperation | undefined;
  request: EngineRequest;
  requestViolations: Violation[];
  responseViolations: Violation[];
}

/**
 * The mock's request pipeline: route, credentials, body, contract check, controls, stub or mode,
 * response check, delay, fault, answer. Requests outside the contract that no stub answers are
 * thrown as HttpErrors, for the lane to answer.
 *
 * @example
 * const handle = createMockHandler(deps);
 * await handle(openExchange(req, res, performance.now()));
 */
export function createMockHandler(deps: MockHandlerDeps) {
  return async function handleMockRequest(exchange: Exchange): Promise<void> {
    const { req, res, method, path, query, session } = exchange;
    const sessionProblem = sessionNameProblem(sessionHeaderOf(req.headers));
    if (sessionProblem !== undefined) throw new HttpError('INVALID_CONTROL', sessionProblem);
    const route = deps.contract.route(method, path);
    const operation = route.kind === 'matched' ? route.operation : undefined;
    const read = readBody(operation, req.headers['content-type'], exchange.body);
    const request: EngineRequest = {
      method,
      path,
      query: withoutControlParameters(query),
      // Also the journal's copy: it cuts the token out of it in place when it records the answered
      // exchange (record-interactions.ts), so nothing may read it after the answer.
      headers: flattenHeaders(req.headers),
      body: read.body,
      bigIntegers: read.bigIntegers,
    };
    let requestViolations: Violation[] = [];
    let controls: MockControls = {};
    let stub: Stub | undefined;
    let answer: ModeAnswer;
    if (route.kind !== 'matched') {
      requestViolations = [routeViolation(route.kind, method, path)];
      stub = deps.stubs.take(session, () =>
        probeOf(request, null, requestViolations, deps.contract.current.secrets),
      );
      if (stub === undefined) throw routeError(route, method, path);
    }
    try {
      if (operation !== undefined) {
        checkCredentials(operation, req.headers, query, deps.tokens);
        requestViolations =
          read.violations.length > 0
            ? read.violations
            : [
                ...validateRequest(operation, request),
                ...int64Violations(operation, read.bigIntegers),
              ];
      }
      // Node joins a repeated Prefer header into one string.
      controls = parseControls(req.headers.prefer as string | undefined, query);
      if (controls.delayMs !== undefined && controls.delayMs > deps.maxDelay) {
        throw new HttpError(
          'INVALID_CONTROL',
          `Failed to read the mock controls: delay=${controls.delayMs} is over --max-delay (${deps.maxDelay} ms). Make sure to ask for a shorter delay.`,
        );
      }
      stub ??=
        operation &&
        deps.stubs.take(session, () =>
          probeOf(request, operation.operationId, requestViolations, deps.contract.current.secrets),
        );
      answer =
        stub !== undefined
          ? await answerFromStub(
              stub,
              operation,
              request,
              session,
              deps.modes,
              controls.seed ?? deps.seed,
            )
          : await answerRequest(
              deps,
              operation as ContractOperation,
              request,
              session,
              controls,
              requestViolations,
            );
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (error.code === 'UNAUTHORIZED')
        requestViolations = [{ location: 'header/authorization', message: error.message }];
      answer = errorAnswer(
        operation,
        error.status,
        error.message,
        `error:${error.code}`,
        error.headers,
      );
    }
    const responseViolations = judgeResponse(operation, answer);
    if (responseViolations.length > 0) {
      deps.onResponseViolations(
        operation?.operationId ?? null,
        answer.response.status,
        responseViolations,
      );
    }
    exchange.outcome = { ...answer, operation, request, requestViolations, responseViolations };
    const delayMs = controls.delayMs ?? stub?.delayMs ?? pickDelay(deps.delay);
    if (delayMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (res.destroyed) return;
    }
    const fault = controls.fault ?? stub?.fault;
    if (fault !== undefined) {
      // A delay already held the connection: a timeout holds it only for what --max-delay leaves.
      applyFault(fault, exchange, deps.maxDelay - Math.max(0, delayMs));
      return;
    }
    const { response } = answer;
    answerExchange(exchange, response.status, response.headers, response.body, response.mediaType);
  };
}

function judgeResponse(operation: ContractOperation | undefined, answer: ModeAnswer): Violation[] {
  if (operation === undefined) {
    return [
      {
        location: 'operation',
        message: `no operation of the contract answers this request; ${answer.source} did`,
      },
    ];
  }
  // A 401 is implied by the operation's security requirement even where it is not declared.
  const implied = answer.response.status === 401 && operation.security.length > 0;
  return validateResponse(operation, answer.response).filter(
    (v) => !(implied && v.location === 'status'),
  );
}

function routeError(
  route: { kind: 'no-path' } | { kind: 'no-method'; allow: readonly string[] },
  method: string,
  path: string,
): HttpError {
  if (route.kind === 'no-path') {
    return new HttpError(
      'NOT_FOUND',
      `No operation of the contract matches ${method} ${path}. Make sure the path is one the contract declares.`,
    );
  }
  const allow = route.allow.join(', ');
  return new HttpError(
    'METHOD_NOT_ALLOWED',
    `${path} does not accept ${method}. Make sure to use ${route.allow.join(' or ')}.`,
    { headers: { allow } },
  );
}

function pickDelay({ min, max }: { min: number; max: number }): number {
  return min === max ? min : min + Math.floor(Math.random() * (max - min + 1));
}
