import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpError } from '../errors.ts';
import type { AppliedFault } from '../responders/fault-names.ts';
import type { Arrival, Outcome } from './request-states.ts';

/** The answer as it went out. */
export interface SentAnswer {
  readonly status: number;
  /** The body as the responder gave it. */
  readonly body: unknown;
  /** The body's JSON text as it went out, when it went out as JSON. */
  readonly json: string | undefined;
  /** The headers it went out with, as a JSON object text (names lower-case, secrets redacted). */
  readonly headersJson: string;
}

/**
 * One request and its answer as the observers read it once its response closed: what arrived, what
 * the pipeline decided and what was sent. Made by a transport (node:http's or src/msw/'s).
 */
export interface RecordedExchange extends Arrival {
  /** The raw request body once read; undefined when none was sent. */
  body: Buffer | undefined;
  /** `Date.now()` when it arrived. */
  readonly receivedAt: number;
  /** `performance.now()` when it arrived. */
  readonly started: number;
  /** The journal's number for it; unset for requests the journal does not keep (preflights). */
  journalId?: string;
  /** What the pipeline decided; unset for requests refused before an answer was chosen. */
  outcome?: Outcome;
  /** Unset when no answer went out, or the client went away before it was all out. */
  sent?: SentAnswer | undefined;
  /** Why the request was refused outside the contract (404, 405, 413, ...). */
  error?: HttpError;
  fault?: AppliedFault;
}

/** A mock request on node:http: its exchange, with the connection the transport answers on. */
export interface Exchange extends RecordedExchange {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /**
   * Headers every answer to it carries (nosniff, and CORS for a client that names no origin), as
   * a flat name, value list written with the answer's own; unset when the lane set them on the
   * response instead (a browser's request, whose CORS headers the cors package sets).
   */
  laneHeaders?: readonly string[];
}
