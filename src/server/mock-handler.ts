import type { NextFunction, Request, Response } from 'express';
import type { Mode } from '../config/config-schema.ts';
import {
  parseControls,
  withoutControlParameters,
  type MockControls,
} from '../controls/parse-controls.ts';
import type { ContractOperation } from '../engine/contract-operation.ts';
import { errorBody } from '../engine/error-body.ts';
import { validateRequest, validateResponse, type EngineRequest } from '../engine/prism-engine.ts';
import type { RouteResult } from '../engine/route-request.ts';
import { formatViolations, type Violation } from '../engine/violation.ts';
import { HttpError } from '../errors.ts';
import { jsonHeaders, type ModeAnswer, type ResponseMode } from '../modes/response-mode.ts';
import { checkCredentials } from './check-credentials.ts';
import { readBody } from './read-body.ts';
import { sendJson } from './send-json.ts';
import { sessionOf } from './session-of.ts';

export interface MockHandlerDeps {
  mode: Mode;
  seed: string | undefined;
  tokens: readonly string[] | undefined;
  route: (method: string, path: string) => RouteResult;
  modes: Record<Mode, ResponseMode>;
  onResponseViolations: (
    operation: ContractOperation,
    status: number,
    violations: Violation[],
  ) => void;
}

/** What the handler decided for one request; kept on `res.locals.outcome` for logging and the journal. */
export interface Outcome extends ModeAnswer {
  operation: ContractOperation;
  request: EngineRequest;
  requestViolations: Violation[];
  responseViolations: Violation[];
}

/**
 * The mock's request pipeline: route, credentials, controls, body, contract check, mode, response
 * check. Requests outside the contract become HttpErrors for the error handler.
 */
export function createMockHandler(deps: MockHandlerDeps) {
  return async function handleMockRequest(req: Request, res: Response, next: NextFunction) {
    const route = deps.route(req.method, req.path);
    if (route.kind === 'no-path') {
      next(
        new HttpError(
          'NOT_FOUND',
          `No operation of the contract matches ${req.method} ${req.path}. Make sure the path is one the contract declares.`,
        ),
      );
      return;
    }
    if (route.kind === 'no-method') {
      next(
        new HttpError(
          'METHOD_NOT_ALLOWED',
          `${req.path} does not accept ${req.method}. Make sure to use ${route.allow.join(' or ')}.`,
          { headers: { allow: route.allow.join(', ') } },
        ),
      );
      return;
    }
    const { operation } = route;
    const session = sessionOf(req);
    const read = readBody(operation, req.get('content-type'), req.body as Buffer | undefined);
    const request: EngineRequest = {
      method: req.method,
      path: req.path,
      query: withoutControlParameters(req.query),
      headers: lowerCaseHeaders(req.headers),
      body: read.body,
    };
    let requestViolations: Violation[] = [];
    let answer: ModeAnswer;
    try {
      checkCredentials(operation, req.headers, req.query, deps.tokens);
      requestViolations =
        read.violations.length > 0 ? read.violations : validateRequest(operation, request);
      const controls = parseControls(req.get('prefer'), req.query);
      answer =
        requestViolations.length > 0 && controls.status === undefined
          ? errorAnswer(
              operation,
              invalidRequestStatus(operation),
              `Request does not match the contract: ${formatViolations(requestViolations)}`,
              'validation-error',
            )
          : await answerControlled(deps, operation, request, session, controls, requestViolations);
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
    const responseViolations = validateResponse(operation, answer.response).filter(
      // A 401 is implied by the operation's security requirement even where it is not declared.
      (v) =>
        !(
          v.location === 'status' &&
          answer.response.status === 401 &&
          operation.security.length > 0
        ),
    );
    if (responseViolations.length > 0) {
      deps.onResponseViolations(operation, answer.response.status, responseViolations);
    }
    const outcome: Outcome = {
      ...answer,
      operation,
      request,
      requestViolations,
      responseViolations,
    };
    res.locals.outcome = outcome;
    sendJson(res, answer.response.status, answer.response.headers, answer.response.body);
  };
}

async function answerControlled(
  deps: MockHandlerDeps,
  operation: ContractOperation,
  request: EngineRequest,
  session: string,
  controls: MockControls,
  requestViolations: Violation[],
): Promise<ModeAnswer> {
  const status = controls.status ?? successStatus(operation);
  if (controls.status !== undefined && !operation.statuses.includes(controls.status)) {
    throw new HttpError(
      'INVALID_CONTROL',
      `Failed to read the mock controls: code=${controls.status} is not declared for ${operation.operationId} (declared: ${operation.statuses.join(', ')}). Make sure to ask for a declared status.`,
    );
  }
  if (status >= 400 && controls.exampleKey === undefined) {
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
  const seed = controls.seed ?? deps.seed;
  const modeRequest = {
    operation,
    request,
    session,
    status,
    ...(seed === undefined ? {} : { seed }),
  };
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

function errorAnswer(
  operation: ContractOperation,
  status: number,
  message: string,
  source: string,
  headers: Readonly<Record<string, string>> = {},
): ModeAnswer {
  return {
    response: {
      status,
      headers: { ...jsonHeaders, ...headers },
      body: errorBody(operation, status, message),
    },
    source,
  };
}

function successStatus(operation: ContractOperation): number {
  return operation.statuses.find((s) => s >= 200 && s < 300) ?? operation.statuses[0] ?? 200;
}

function invalidRequestStatus(operation: ContractOperation): number {
  if (operation.statuses.includes(400)) return 400;
  if (operation.statuses.includes(422)) return 422;
  return operation.statuses.find((s) => s >= 400 && s < 500) ?? 400;
}

function lowerCaseHeaders(headers: Request['headers']): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) result[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return result;
}
