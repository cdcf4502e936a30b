import type { Violation } from '../contract/violation.ts';

/** The contract's verdict on one side of an interaction. */
export interface Verdict {
  valid: boolean;
  violations: Violation[];
}

/** One recorded request and its answer, with the contract's verdict on both. */
export interface Interaction {
  /** Increasing per server, as a string: `"1"`, `"2"`, ... */
  id: string;
  receivedAt: string;
  durationMs: number;
  session: string;
  /** Null when no operation of the contract matched (404, 405). */
  operationId: string | null;
  request: {
    method: string;
    path: string;
    /** The contract's API-key parameters read `[redacted]`. */
    query: Record<string, string | string[]>;
    /**
     * Lower-case names. Credentials are redacted: `authorization` and `proxy-authorization` are
     * cut down to their scheme (`Bearer`), cookie values and the contract's API-key headers read
     * `[redacted]`.
     */
    headers: Record<string, string>;
    /**
     * Parsed JSON, else the raw text, else null. A body over 16 KiB is kept as its first 16 KiB
     * of text, with `truncated: true`. Integers past 2^53 are exact (digit for digit in the
     * admin API's JSON).
     */
    body: unknown;
    /** Set when the body was cut to 16 KiB. */
    truncated?: true;
  };
  /** Status 0 when the client went away before it was answered. */
  response: {
    status: number;
    headers: Record<string, string>;
    /** As sent: JSON parsed, else text; over 16 KiB, its first 16 KiB of text with `truncated`. */
    body: unknown;
    /** Set when the body was cut to 16 KiB. */
    truncated?: true;
  };
  /**
   * `example:NAME`, `sample`, `generated`, `stateful`, `prefer`, `validation-error`, `error:CODE`,
   * or `upstream` for the provider's answer (`--upstream`).
   */
  source: string;
  contract: {
    /** Hash of the contract document the interaction was judged against. */
    hash: string;
    request: Verdict;
    response: Verdict;
  };
}

/** An Interaction as a listing of summaries gives it: without its query, headers and bodies. */
export type InteractionSummary = Interaction & { summary: true };

/**
 * The entry without its query, headers and bodies (`{}` and null), for lists that show a line
 * per request: the shape GET /__admin/events sends with `?fields=summary`.
 */
export function summaryOf(entry: Interaction): InteractionSummary {
  const { request, response } = entry;
  return {
    ...entry,
    request: { method: request.method, path: request.path, query: {}, headers: {}, body: null },
    response: { status: response.status, headers: {}, body: null },
    summary: true,
  };
}
