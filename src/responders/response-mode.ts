import type { ContractOperation } from '../contract/contract-operation.ts';
import type { EngineRequest, EngineResponse } from '../contract/engine-messages.ts';
import type { MaybePromise } from '../maybe-promise.ts';

/** A request that matched the contract, and the status it is to be answered with. */
export interface ModeRequest {
  operation: ContractOperation;
  request: EngineRequest;
  session: string;
  status: number;
  exampleKey?: string;
  seed?: string | undefined;
}

export interface ModeAnswer {
  response: EngineResponse;
  /** Where the body came from: `example:NAME`, `sample`, `generated` or `stateful`. */
  source: string;
}

/** How a mode answers a valid request: static, dynamic and stateful each implement it. */
export interface ResponseMode {
  respond(request: ModeRequest): MaybePromise<ModeAnswer>;
}

/**
 * Whether an answer is the mock's own (an error it answers, a forced status), not the API's.
 *
 * @example
 * isOwnAnswer('error:UNAUTHORIZED'); // true
 * isOwnAnswer('example:monstera'); // false
 */
export function isOwnAnswer(source: string): boolean {
  return /^(error:|validation-error$|prefer$)/.test(source);
}

export const jsonHeaders = { 'content-type': 'application/json; charset=utf-8' } as const;
