import type { IncomingHttpHeaders } from 'node:http';
import type { ParsedUrlQuery } from 'node:querystring';
import type { Mode } from '../config/config-schema.ts';
import type { ContractOperation } from '../contract/contract-operation.ts';
import type { EngineRequest } from '../contract/engine-messages.ts';
import type { LiveContract } from '../contract/live-contract.ts';
import type { Violation } from '../contract/violation.ts';
import type { HttpError } from '../errors.ts';
import type { FaultName } from '../responders/fault-names.ts';
import type { MockControls } from '../responders/parse-controls.ts';
import type { ModeAnswer, ResponseMode } from '../responders/response-mode.ts';
import type { StubRegistry } from '../responders/stubs/stub-registry.ts';
import type { Stub } from '../responders/stubs/stub.ts';
import type { Upstream } from '../responders/upstream/create-upstream.ts';

/** What a mock request brings to the pipeline: read from the wire, never changed by a stage. */
export interface Arrival {
  readonly method: string;
  /** The request target's path, without query or fragment. */
  readonly path: string;
  readonly query: ParsedUrlQuery;
  readonly headers: IncomingHttpHeaders;
  readonly session: string;
  /** The session a `/__session/NAME/` base URL named, before any cut to the longest name. */
  readonly sessionInPath?: string | undefined;
  /** The raw body; undefined when none was sent. */
  readonly body: Buffer | undefined;
}

// The request as the stages hand it on: each state is what the stages before it produced, so a
// stage's input has every field it reads. `Op` is undefined only outside the contract, where
// nothing but a stub answers.
type SomeOperation = ContractOperation | undefined;

/** The request and the operation the route found for it. */
export interface RoutedRequest<Op extends SomeOperation = ContractOperation> {
  readonly arrival: Arrival;
  readonly operation: Op;
}

/** Read: the body decoded by its content type, and the contract's verdict so far. */
export interface ParsedRequest<
  Op extends SomeOperation = ContractOperation,
> extends RoutedRequest<Op> {
  /** The request as the checks and the responders see it. */
  readonly request: EngineRequest;
  readonly requestViolations: Violation[];
}

/** With its mock controls read (`Prefer`, `__` query parameters). */
export interface SteeredRequest<
  Op extends SomeOperation = ContractOperation,
> extends ParsedRequest<Op> {
  readonly controls: MockControls;
}

/** A request that a stub answers (outside the contract, a stub is all that may answer it). */
export interface StubbedRequest<
  Op extends SomeOperation = SomeOperation,
> extends SteeredRequest<Op> {
  readonly stub: Stub;
}

/** With its answer chosen, by a responder or by a stage that refused it within the contract. */
export interface AnsweredRequest extends SteeredRequest<SomeOperation> {
  readonly stub: Stub | undefined;
  readonly answer: ModeAnswer;
}

/**
 * What the pipeline decided for a request: the answer, the verdicts, when to send it and the
 * fault to answer with instead; for the transport to deliver and the observers (journal,
 * coverage, log) to read. Never changed once made.
 */
export interface Outcome extends ModeAnswer {
  /** Undefined only for a stub that answers outside the contract. */
  readonly operation: SomeOperation;
  readonly request: EngineRequest;
  readonly requestViolations: readonly Violation[];
  readonly responseViolations: readonly Violation[];
  readonly delayMs: number;
  readonly fault: FaultName | undefined;
}

/** Controls of a request answered before they were read. */
const noControls: MockControls = Object.freeze({});

/** The request answered with `answer`: what the finishing stages take. */
export function answered(
  request: ParsedRequest<SomeOperation> & { controls?: MockControls; stub?: Stub | undefined },
  answer: ModeAnswer,
  requestViolations = request.requestViolations,
): AnsweredRequest {
  return {
    arrival: request.arrival,
    operation: request.operation,
    request: request.request,
    requestViolations,
    controls: request.controls ?? noControls,
    stub: request.stub,
    answer,
  };
}

/** Whether a stage answered the request: the remaining deciding stages are skipped. */
export function isAnswered(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'answer' in value;
}

/**
 * A request refused outside the contract (404, 405, a bad session name), which the transport
 * answers: in the contract's error style (see errorStyleOf).
 */
export function refusal(error: HttpError, contract: LiveContract): HttpError {
  return contract.current.errorStyle === 'problem' ? error.asProblem() : error;
}

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
  /** The real provider (`--upstream`), which answers in the mock's place (see forwardUpstream). */
  upstream?: Upstream | undefined;
  /** Told of every answer that breaks the contract (the log warns of it). */
  onResponseViolations: (
    operationId: string | null,
    status: number,
    violations: Violation[],
  ) => void;
}
