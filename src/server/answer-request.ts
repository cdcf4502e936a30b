import type { Mode } from '../config/config-schema.ts';
import type { MockControls } from '../controls/parse-controls.ts';
import type { ContractOperation } from '../engine/contract-operation.ts';
import { errorBody } from '../engine/error-body.ts';
import type { EngineRequest } from '../engine/prism-engine.ts';
import { formatViolations, type Violation } from '../engine/violation.ts';
import { HttpError } from '../errors.ts';
import { jsonHeaders, type ModeAnswer, type ResponseMode } from '../modes/response-mode.ts';

export interface AnswerDeps {
  mode: Mode;
  seed: string | undefined;
  modes: Record<Mode, ResponseMode>;
}

/**
 * Answers a request that reached an operation: an invalid one with the contract's error status
 * and every violation, a valid one by the mode, both as the request's controls steer.
 */
export async function answerRequest(
  deps: AnswerDeps,
  operation: ContractOperation,
  request: EngineRequest,
  session: string,
  controls: MockControls,
  requestViolations: Violation[],
): Promise<ModeAnswer> {
  if (requestViolations.length > 0 && controls.status === undefined) {
    const message = `Request does not match the contract: ${formatViolations(requestViolations)}`;
    return errorAnswer(operation, invalidRequestStatus(operation), message, 'validation-error');
  }
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

/** An error answer in the shape the contract gives that status. */
export function errorAnswer(
  operation: ContractOperation | undefined,
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
