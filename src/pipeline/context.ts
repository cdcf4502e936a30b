import type { IncomingHttpHeaders } from 'node:http';
import type { ParsedUrlQuery } from 'node:querystring';
import type { Mode } from '../config/config-schema.ts';
import type { ContractOperation } from '../contract/contract-operation.ts';
import type { EngineRequest } from '../contract/engine-messages.ts';
import type { LiveContract } from '../contract/live-contract.ts';
import type { RouteResult } from '../contract/route-request.ts';
import type { Violation } from '../contract/violation.ts';
import type { HttpError } from '../errors.ts';
import type { FaultName } from '../responders/fault-names.ts';
import type { ModeAnswer, ResponseMode } from '../responders/response-mode.ts';
import type { StubRegistry, StubsAssumption } from '../responders/stubs/stub-registry.ts';
import type { Stub } from '../responders/stubs/stub.ts';
import type { ParsedBody } from '../validation/parse-request-body.ts';
import type { MockControls } from '../responders/parse-controls.ts';

/** What a mock request brings to the pipeline: read from the wire, never changed by a stage. */
export interface Arrival {
  readonly method: string;
  /** The request target's path, without query or fragment. */
  readonly path: string;
  readonly query: ParsedUrlQuery;
  readonly headers: IncomingHttpHeaders;
  readonly session: string;
  /** The raw body; undefined when none was sent. */
  readonly body: Buffer | undefined;
}

/**
 * One request on its way through the stages: what arrived, and what each stage found. Each field
 * below `arrival` is written by the one stage its comment names, and read by later ones.
 */
export interface RequestContext {
  readonly arrival: Arrival;
  /** route */
  route: RouteResult | undefined;
  /** route: the operation that matched, if any. */
  operation: ContractOperation | undefined;
  /** parseBody */
  body: ParsedBody | undefined;
  /** parseBody: the request as the checks and the responders see it. */
  request: EngineRequest | undefined;
  /** stubOutsideContract, checkCredentials, validateRequest */
  requestViolations: Violation[];
  /** readControls */
  controls: MockControls;
  /** stubOutsideContract, takeStub */
  stub: Stub | undefined;
  /** takeStub: what a shared registry assumed to find no stub, to be confirmed (confirmStubs). */
  stubsAssumed: StubsAssumption | undefined;
  /** The pipeline, when that assumption failed: takeStub then asks the store. */
  lookedAgain: boolean;
  /** respond, or a stage that refused the request with a contract-shaped answer */
  answer: ModeAnswer | undefined;
  /** judgeResponse */
  responseViolations: Violation[];
  /** schedule: how long to hold the answer, and the fault to answer with instead. */
  delayMs: number;
  fault: FaultName | undefined;
}

/** What a stage decided. */
export type StageResult =
  /** Go on to the next stage. */
  | { readonly kind: 'next' }
  /** The answer is chosen (in context.answer): the remaining deciding stages are skipped. */
  | { readonly kind: 'answered' }
  /** Refused outside the contract (404, 405, a bad session name): the transport answers it. */
  | { readonly kind: 'refused'; readonly error: HttpError }
  /** The stubs the answer was chosen on had changed: decide again from takeStub, asking the store. */
  | { readonly kind: 'lookAgain' };

export const next: StageResult = { kind: 'next' };
export const answered: StageResult = { kind: 'answered' };
export const refused = (error: HttpError): StageResult => ({ kind: 'refused', error });
export const lookAgain: StageResult = { kind: 'lookAgain' };

/** One step of the pipeline: a small function over the context; only `respond` may answer later. */
export type Stage = (
  context: RequestContext,
  deps: PipelineDeps,
) => StageResult | Promise<StageResult>;

export interface PipelineDeps {
  mode: Mode;
  seed: string | undefined;
  tokens: readonly string[] | undefined;
  /** Answer 500 instead of an answer that breaks the contract (`--errors`). */
  errors?: boolean;
  /** Send the violations in an `sl-violations` header (`--violations-header`). */
  violationsHeader?: boolean;
  delay: { min: number; max: number };
  maxDelay: number;
  contract: LiveContract;
  modes: Record<Mode, ResponseMode>;
  stubs: StubRegistry;
  /** Told of every answer that breaks the contract (the log warns of it). */
  onResponseViolations: (
    operationId: string | null,
    status: number,
    violations: Violation[],
  ) => void;
}

/**
 * What the pipeline decided for a request: the answer and the verdicts, for the transport to
 * deliver and the observers (journal, coverage, log) to read. Never changed once made.
 */
export interface Outcome extends ModeAnswer {
  /** Undefined only for a stub that answers outside the contract. */
  readonly operation: ContractOperation | undefined;
  readonly request: EngineRequest;
  readonly requestViolations: readonly Violation[];
  readonly responseViolations: readonly Violation[];
}

/** The pipeline's result: an answer to deliver (after `delayMs`, or a fault instead), or a refusal. */
export type Decision =
  | { kind: 'answer'; outcome: Outcome; delayMs: number; fault: FaultName | undefined }
  | { kind: 'refuse'; error: HttpError };

/** A fresh context for one arrival, every field present so that its shape never changes. */
export function openContext(arrival: Arrival): RequestContext {
  return {
    arrival,
    route: undefined,
    operation: undefined,
    body: undefined,
    request: undefined,
    requestViolations: [],
    controls: {},
    stub: undefined,
    stubsAssumed: undefined,
    lookedAgain: false,
    answer: undefined,
    responseViolations: [],
    delayMs: 0,
    fault: undefined,
  };
}
