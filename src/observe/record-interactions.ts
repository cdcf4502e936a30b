import type { Violation } from '../validation/violation.ts';
import type { HttpError } from '../errors.ts';
import type { AppliedFault } from '../http/apply-fault.ts';
import type { Exchange, SentResponse } from '../http/exchange.ts';
import { durationSince } from './duration-since.ts';
import { sentHeadersJson } from '../http/send-answer.ts';
import type { Outcome } from '../pipeline/mock-handler.ts';
import { routeViolation } from '../contract/route-violation.ts';
import type { Coverage } from './coverage.ts';
import { nestsDeeperThan } from '../validation/json-depth.ts';
import { mayHoldBigIntegers, parseExactJson } from '../validation/exact-json.ts';
import type { Journal } from './journal.ts';
import type { RecordFile } from './record-file.ts';
import {
  redactHeaders,
  redactInPlace,
  redactQuery,
  type SecretNames,
} from '../interactions/redact-headers.ts';

const maxRecordedText = 16 * 1024;

export interface RecorderDeps {
  journal: Journal;
  coverage: Coverage;
  contractHash: () => string;
  /** The current contract's API-key names, redacted with the other credentials. */
  secretNames: () => SecretNames;
  recordFile: RecordFile | undefined;
}

/**
 * The journal's side of the mock lane: `admit` numbers a request as it arrives, `record` writes
 * its entry once its response has closed, answered or not: one entry per admitted request, never
 * more, never fewer.
 *
 * @example
 * const recorder = recordInteractions(deps);
 * recorder.admit(exchange);
 * res.once('close', () => recorder.record(exchange));
 */
export function recordInteractions(deps: RecorderDeps) {
  return {
    admit(exchange: Exchange): void {
      exchange.journalId = deps.journal.nextId();
    },
    record(exchange: Exchange): void {
      const id = exchange.journalId;
      if (id === undefined) return;
      const { outcome, sent, fault } = exchange;
      const answered = sent !== undefined && exchange.res.writableFinished;
      const requestViolations =
        outcome?.requestViolations ?? refusal(exchange, exchange.error, answered);
      const responseViolations =
        fault === undefined
          ? (outcome?.responseViolations ?? [])
          : [
              ...(outcome?.responseViolations ?? []),
              { location: 'response', message: `fault ${fault.name}: ${fault.description}` },
            ];
      const operationId = outcome?.operation?.operationId ?? null;
      const request = requestBody(exchange);
      const response = answered ? sentBody(sent) : unanswered;
      const text = interactionText(exchange, deps.secretNames(), {
        id,
        hash: deps.contractHash(),
        answered,
        operationId,
        requestViolations,
        responseViolations,
        request,
        response,
      });
      deps.journal.add(id, exchange.session, text, request.exact || response.exact);
      if (operationId !== null && answered) {
        deps.coverage.record(
          exchange.session,
          operationId,
          sent.status,
          responseViolations.length > 0,
        );
      }
      deps.recordFile?.write(text);
    },
  };
}

export type Recorder = ReturnType<typeof recordInteractions>;

/** What the recorder decided about an exchange before writing it down. */
interface Verdicts {
  id: string;
  hash: string;
  answered: boolean;
  operationId: string | null;
  requestViolations: readonly Violation[];
  responseViolations: readonly Violation[];
  request: RecordedBody;
  response: RecordedBody;
}

/** A body as the journal keeps it: JSON text, cut to 16 KiB of text when it was longer. */
interface RecordedBody {
  json: string;
  /** Set when the body was longer than the journal keeps. */
  truncated: boolean;
  /** Whether it may hold integers past 2^53 (then read back with parseExactJson). */
  exact: boolean;
}

const unanswered: RecordedBody = { json: 'null', truncated: false, exact: false };

/**
 * The exchange's journal entry (an Interaction) as JSON text, in one pass: written out field by
 * field rather than built as an object and stringified, which halved the journal's share of a
 * request. Strings from the request are escaped with JSON.stringify; the answer's body is the
 * JSON text that was sent, when it was sent as JSON.
 */
function interactionText(exchange: Exchange, secrets: SecretNames, verdicts: Verdicts): string {
  const { outcome, fault, error } = exchange;
  const { answered, request, response } = verdicts;
  const sent = answered ? exchange.sent : undefined;
  return `{"id":"${verdicts.id}","receivedAt":"${isoTime(exchange.receivedAt)}","durationMs":${durationSince(exchange.started)},"session":${JSON.stringify(exchange.session)},"operationId":${verdicts.operationId === null ? 'null' : JSON.stringify(verdicts.operationId)},"request":{"method":${JSON.stringify(exchange.method)},"path":${JSON.stringify(exchange.path)},"query":${queryJson(redactQuery(exchange.query, secrets))},"headers":${JSON.stringify(requestHeaders(exchange, secrets))},"body":${request.json}${request.truncated ? ',"truncated":true' : ''}},"response":{"status":${sent === undefined ? 0 : sent.status},"headers":${sent === undefined ? '{}' : sentHeadersJson(exchange)},"body":${response.json}${response.truncated ? ',"truncated":true' : ''}},"source":${JSON.stringify(sourceOf(fault, answered, outcome, error))},"contract":{"hash":${JSON.stringify(verdicts.hash)},"request":${verdictText(verdicts.requestViolations)},"response":${verdictText(verdicts.responseViolations)}}}`;
}

// Most mock requests have no query: skip the serializer for them.
function queryJson(query: Exchange['query']): string {
  for (const _ in query) return JSON.stringify(query);
  return '{}';
}

const validText = '{"valid":true,"violations":[]}';

function verdictText(violations: readonly Violation[]): string {
  return violations.length === 0
    ? validText
    : `{"valid":false,"violations":${JSON.stringify(violations)}}`;
}

// The pipeline's flattened copy when there is one (it is not read again once the answer is
// out, so its token is cut down in place); the request's own headers otherwise.
function requestHeaders({ outcome, req }: Exchange, secrets: SecretNames): Record<string, string> {
  if (outcome === undefined) return redactHeaders(req.headers, secrets);
  return redactInPlace(outcome.request.headers, secrets);
}

function requestBody({ outcome, body }: Exchange): RecordedBody {
  if (outcome === undefined || isLarge(body)) return decodeBody(body);
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

// The answer's JSON text as it went out (else its body as JSON), cut to 16 KiB as text: a
// contract whose answers echo megabytes of request must not grow the journal past its bound.
function sentBody({ body, json }: SentResponse): RecordedBody {
  const text = json ?? (typeof body === 'string' ? body : JSON.stringify(body ?? null));
  const isJson = json !== undefined || typeof body !== 'string';
  if (text.length > maxRecordedText / 3 && Buffer.byteLength(text) > maxRecordedText) {
    return { json: JSON.stringify(firstBytesOf(Buffer.from(text))), truncated: true, exact: false };
  }
  const exact = isJson && text.length >= 16 && mayHoldBigIntegers(text);
  return { json: isJson ? text : JSON.stringify(text), truncated: false, exact };
}

// Under load dozens of requests arrive within one millisecond: format each millisecond once.
let lastTime = -1;
let lastIsoTime = '';
function isoTime(time: number): string {
  if (time !== lastTime) {
    lastTime = time;
    lastIsoTime = new Date(time).toISOString();
  }
  return lastIsoTime;
}

function sourceOf(
  fault: AppliedFault | undefined,
  answered: boolean,
  outcome: Outcome | undefined,
  error: HttpError | undefined,
): string {
  if (fault !== undefined) return `fault:${fault.name}`;
  if (!answered) return 'aborted';
  return outcome?.source ?? `error:${error?.code ?? 'UNKNOWN'}`;
}

// Why a request that never reached an operation does not meet the contract.
function refusal(
  { method, path }: Exchange,
  error: HttpError | undefined,
  answered: boolean,
): Violation[] {
  if (!answered)
    return [{ location: 'request', message: 'the client went away before it was answered' }];
  switch (error?.code) {
    case 'NOT_FOUND':
      return [routeViolation('no-path', method, path)];
    case 'METHOD_NOT_ALLOWED':
      return [routeViolation('no-method', method, path)];
    case undefined:
      return [];
    default:
      return [{ location: 'request', message: error?.message ?? 'refused' }];
  }
}

function isLarge(raw: Buffer | undefined): boolean {
  return raw !== undefined && raw.length > maxRecordedText;
}

function decodeBody(raw: Buffer | undefined): RecordedBody {
  if (raw === undefined || raw.length === 0) return unanswered;
  const truncated = raw.length > maxRecordedText;
  const text = truncated ? firstBytesOf(raw) : raw.toString('utf8');
  // A body nested too deep stays text: the journal must be able to stringify what it keeps.
  if (!truncated && !nestsDeeperThan(raw)) {
    try {
      const json = JSON.stringify(parseExactJson(text));
      return { json, truncated, exact: mayHoldBigIntegers(json) };
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
