import type { HttpError } from '../errors.ts';
import type { AppliedFault } from '../responders/fault-names.ts';
import type { Arrival, Outcome } from './request-states.ts';

/** The answer as it went out, for the observers. */
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
 * A mock request once its response has closed, as the observers (journal, coverage, record
 * file, log) see it: made by the transport, read-only to them.
 */
export interface FinishedExchange {
  /** The journal's number for it, handed out when it arrived. */
  readonly journalId: string;
  /** `Date.now()` when it arrived. */
  readonly receivedAt: number;
  /** `performance.now()` when it arrived. */
  readonly started: number;
  readonly arrival: Arrival;
  /** What the pipeline decided; undefined for requests refused before an answer was chosen. */
  readonly outcome: Outcome | undefined;
  /** Undefined when the client went away before the answer was out. */
  readonly sent: SentAnswer | undefined;
  /** Why the request was refused outside the contract (404, 405, 413, ...). */
  readonly error: HttpError | undefined;
  readonly fault: AppliedFault | undefined;
}
