import { mayHoldWrittenBigIntegers, parseExactJson } from '../parsing/exact-json.ts';
import { nestsDeeperThan } from '../parsing/json-depth.ts';
import type { RecordedExchange, SentAnswer } from '../pipeline/exchange.ts';

const maxRecordedText = 16 * 1024;

/** A body as the journal keeps it: JSON text, cut to 16 KiB of text when it was longer. */
export interface RecordedBody {
  json: string;
  /** Set when the body was longer than the journal keeps. */
  truncated: boolean;
  /** Whether it may hold integers past 2^53 (then read back with parseExactJson). */
  exact: boolean;
}

export const unanswered: RecordedBody = { json: 'null', truncated: false, exact: false };

/**
 * The request's body as the journal keeps it: as the pipeline parsed it, with integers past 2^53
 * read again exactly; the raw bytes when it was not parsed or is past 16 KiB.
 *
 * @example
 * requestBody(exchange); // { json: '{"name":"Monstera"}', truncated: false, exact: false }
 */
export function requestBody({ outcome, body }: RecordedExchange): RecordedBody {
  if (outcome === undefined || (body !== undefined && body.length > maxRecordedText)) {
    return decodeBody(body);
  }
  const { bigIntegers } = outcome.request;
  // Integers past 2^53 were rounded by the parse the pipeline used: read them again, exactly.
  if (bigIntegers !== undefined && bigIntegers.length > 0 && body !== undefined) {
    return {
      json: JSON.stringify(parseExactJson(body.toString('utf8'))),
      truncated: false,
      exact: true,
    };
  }
  return { json: JSON.stringify(outcome.request.body ?? null), truncated: false, exact: false };
}

/**
 * The answer's JSON text as it went out (else its body as JSON), cut to 16 KiB as text: a
 * contract whose answers echo megabytes of request must not grow the journal past its bound.
 */
export function sentBody({ body, json }: SentAnswer): RecordedBody {
  const text = json ?? (typeof body === 'string' ? body : JSON.stringify(body ?? null));
  const isJson = json !== undefined || typeof body !== 'string';
  if (text.length > maxRecordedText / 3 && Buffer.byteLength(text) > maxRecordedText) {
    return { json: JSON.stringify(firstBytesOf(Buffer.from(text))), truncated: true, exact: false };
  }
  const exact = isJson && text.length >= 16 && mayHoldWrittenBigIntegers(text);
  return { json: isJson ? text : JSON.stringify(text), truncated: false, exact };
}

function decodeBody(raw: Buffer | undefined): RecordedBody {
  if (raw === undefined || raw.length === 0) return unanswered;
  const truncated = raw.length > maxRecordedText;
  const text = truncated ? firstBytesOf(raw) : raw.toString('utf8');
  // A body nested too deep stays text: the journal must be able to stringify what it keeps.
  if (!truncated && !nestsDeeperThan(raw)) {
    try {
      const json = JSON.stringify(parseExactJson(text));
      return { json, truncated, exact: mayHoldWrittenBigIntegers(json) };
    } catch {
      // Not JSON: kept as text.
    }
  }
  return { json: JSON.stringify(text), truncated, exact: false };
}

// The first 16 KiB of UTF-8 as text, ending before a character that the cut would split.
function firstBytesOf(bytes: Buffer): string {
  return new TextDecoder().decode(bytes.subarray(0, maxRecordedText), { stream: true });
}
