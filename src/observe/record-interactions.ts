import type { Violation } from '../contract/violation.ts';
import type { RecordedExchange } from '../pipeline/exchange.ts';
import { durationSince } from './duration-since.ts';
import { routeViolation } from '../contract/route-violation.ts';
import type { Coverage } from './coverage.ts';
import { requestBody, sentBody, unanswered, type RecordedBody } from './recorded-body.ts';
import type { Journal } from './journal.ts';
import type { RecordFile } from './record-file.ts';
import { redactHeaders, redactQuery, type SecretNames } from '../interactions/redact-headers.ts';

export interface RecorderDeps {
  journal: Journal;
  coverage: Coverage;
  contractHash: () => string;
  /** The current contract's API-key names, redacted with the other credentials. */
  secretNames: () => SecretNames;
  recordFile: RecordFile | undefined;
  /** Told of each entry as it is journaled (GET /__admin/events); keep it cheap. */
  onRecorded?: (entry: RecordedEntry) => void;
}

/**
 * The journal's observer: `nextId` numbers a request as it arrives, `record` writes its entry
 * (journal, coverage, record file) once its response has closed, answered or not: one entry per
 * numbered request, never more, never fewer.
 */
export function recordInteractions(deps: RecorderDeps) {
  return {
    nextId: (): string => deps.journal.nextId(),
    record(exchange: RecordedExchange, journalId: string): void {
      const { session, method, path, outcome, sent, fault } = exchange;
      const requestViolations = outcome?.requestViolations ?? refusal(exchange);
      const responseViolations =
        fault === undefined
          ? (outcome?.responseViolations ?? [])
          : [
              ...(outcome?.responseViolations ?? []),
              { location: 'response', message: `fault ${fault.name}: ${fault.description}` },
            ];
      const operationId = outcome?.operation?.operationId ?? null;
      const requestRecord = requestBody(exchange);
      const responseRecord = sent === undefined ? unanswered : sentBody(sent);
      const status = sent?.status ?? 0;
      // The entry (an Interaction) as JSON text, built from JSON texts so that the body and
      // headers go in as they were sent (a template: it runs for every request, docs/design.md).
      const head =
        `{"id":${JSON.stringify(journalId)},"receivedAt":"${isoTime(exchange.receivedAt)}",` +
        `"durationMs":${durationSince(exchange.started)},"session":${JSON.stringify(session)},` +
        `"operationId":${JSON.stringify(operationId)}`;
      const response = `{"status":${status},"headers":${sent?.headersJson ?? '{}'}${bodyText(responseRecord)}}`;
      const tail =
        `"source":${JSON.stringify(sourceOf(exchange))},` +
        `"contract":{"hash":${JSON.stringify(deps.contractHash())},"request":${verdictText(requestViolations)},"response":${verdictText(responseViolations)}}`;
      const request = requestText(exchange, deps.secretNames(), requestRecord);
      const text = `${head},"request":${request},"response":${response},${tail}}`;
      deps.journal.add(journalId, session, text, requestRecord.exact || responseRecord.exact);
      deps.onRecorded?.({ id: journalId, session, text, head, method, path, status, tail });
      if (operationId !== null && sent !== undefined) {
        deps.coverage.record(session, operationId, sent.status, responseViolations.length > 0);
      }
      deps.recordFile?.write(text);
    },
  };
}

export type Recorder = ReturnType<typeof recordInteractions>;

/** A journal entry as the recorder wrote it, for the live event stream (GET /__admin/events). */
export interface RecordedEntry {
  /** The interaction's id in the journal. */
  readonly id: string;
  readonly session: string;
  /** The entry: an Interaction (see src/interactions/interaction.ts) as JSON text. */
  readonly text: string;
  /** Its members before `request` (id to operationId), from the opening brace. */
  readonly head: string;
  readonly method: string;
  readonly path: string;
  /** The answer's status, 0 when there was none. */
  readonly status: number;
  /** Its members after `response` (source, contract), without the closing brace. */
  readonly tail: string;
}

/**
 * The entry without its query, headers and bodies (`{}` and null in their place), marked
 * `"summary": true`: what a list of traffic shows. Its
 * reader gets the whole entry from GET /__admin/requests/:id.
 *
 * @example
 * summaryText(entry); // '{"id":"1",...,"request":{"method":"POST","path":"/plants","query":{},...},"summary":true}'
 */
export function summaryText({ head, method, path, status, tail }: RecordedEntry): string {
  return (
    `${head},"request":{"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},` +
    `"query":{},"headers":{},"body":null},"response":{"status":${status},"headers":{},"body":null},` +
    `${tail},"summary":true}`
  );
}

function requestText(exchange: RecordedExchange, secrets: SecretNames, body: RecordedBody): string {
  const { method, path, query, outcome } = exchange;
  // The pipeline's flattened copy when there is one (copied: the outcome is not the journal's to
  // change); the request's own headers otherwise.
  const headers = JSON.stringify(
    redactHeaders(outcome === undefined ? exchange.headers : outcome.request.headers, secrets),
  );
  return (
    `{"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},` +
    `"query":${queryJson(redactQuery(query, secrets))},"headers":${headers}${bodyText(body)}}`
  );
}

// The `body` member (after a comma), and `truncated` when the body was cut.
function bodyText({ json, truncated }: RecordedBody): string {
  return truncated ? `,"body":${json},"truncated":true` : `,"body":${json}`;
}

// Most mock requests have no query: skip the serializer for them.
function queryJson(query: Record<string, unknown>): string {
  for (const _ in query) return JSON.stringify(query);
  return '{}';
}

const validText = '{"valid":true,"violations":[]}';

function verdictText(violations: readonly Violation[]): string {
  return violations.length === 0
    ? validText
    : `{"valid":false,"violations":${JSON.stringify(violations)}}`;
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

function sourceOf({ fault, sent, outcome, error }: RecordedExchange): string {
  if (fault !== undefined) return `fault:${fault.name}`;
  if (sent === undefined) return 'aborted';
  return outcome?.source ?? `error:${error?.code ?? 'UNKNOWN'}`;
}

// Why a request that never reached an operation does not meet the contract.
function refusal({ method, path, error, sent }: RecordedExchange): Violation[] {
  if (sent === undefined)
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
