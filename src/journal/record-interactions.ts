import type { Violation } from '../engine/violation.ts';
import type { HttpError } from '../errors.ts';
import type { AppliedFault } from '../faults/apply-fault.ts';
import type { Exchange, SentResponse } from '../server/exchange.ts';
import { durationSince } from '../server/duration-since.ts';
import { sentHeadersJson } from '../server/answer-exchange.ts';
import type { Outcome } from '../server/mock-handler.ts';
import { routeViolation } from '../server/route-violation.ts';
import type { Coverage } from './coverage.ts';
import { nestsDeeperThan } from '../engine/json-depth.ts';
import type { Journal } from './journal.ts';
import type { RecordFile } from './record-file.ts';
import { redactHeaders, redactInPlace, redactQuery, type SecretNames } from './redact-headers.ts';

const maxRecordedText = 16 * 1024;

export interface RecorderDeps {
  journal: Journal;
  coverage: Coverage;
  contractHash: () => string;
  /** The current contract's API-key names, redacted with the other credentials. */
  secretNames: () => SecretNames;
  recordFile: RecordFile | undefined;
  /** Told of each entry as it is journaled (GET /__admin/events); keep it cheap. */
  onRecorded?: (session: string, text: string, status: number) => void;
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
      const text = interactionText(exchange, deps.secretNames(), {
        id,
        hash: deps.contractHash(),
        answered,
        operationId,
        requestViolations,
        responseViolations,
      });
      deps.journal.add(id, exchange.session, text);
      deps.onRecorded?.(exchange.session, text, answered ? exchange.res.statusCode : 0);
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
}

/**
 * The exchange's journal entry (an Interaction) as JSON text, in one pass: written out field by
 * field rather than built as an object and stringified, which halved the journal's share of a
 * request. Strings from the request are escaped with JSON.stringify; the answer's body is the
 * JSON text that was sent, when it was sent as JSON.
 */
function interactionText(exchange: Exchange, secrets: SecretNames, verdicts: Verdicts): string {
  const { outcome, fault, error } = exchange;
  const { answered } = verdicts;
  const sent = answered ? exchange.sent : undefined;
  return `{"id":"${verdicts.id}","receivedAt":"${isoTime(exchange.receivedAt)}","durationMs":${durationSince(exchange.started)},"session":${JSON.stringify(exchange.session)},"operationId":${verdicts.operationId === null ? 'null' : JSON.stringify(verdicts.operationId)},"request":{"method":${JSON.stringify(exchange.method)},"path":${JSON.stringify(exchange.path)},"query":${queryJson(redactQuery(exchange.query, secrets))},"headers":${JSON.stringify(requestHeaders(exchange, secrets))},"body":${JSON.stringify(requestBody(exchange))}},"response":{"status":${sent === undefined ? 0 : sent.status},"headers":${sent === undefined ? '{}' : sentHeadersJson(exchange)},"body":${sent === undefined ? 'null' : sentBody(sent)}},"source":${JSON.stringify(sourceOf(fault, answered, outcome, error))},"contract":{"hash":${JSON.stringify(verdicts.hash)},"request":${verdictText(verdicts.requestViolations)},"response":${verdictText(verdicts.responseViolations)}}}`;
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

function requestBody({ outcome, body }: Exchange): unknown {
  return outcome === undefined || isLarge(body) ? decodeBody(body) : (outcome.request.body ?? null);
}

function sentBody({ body, json }: SentResponse): string {
  return json ?? JSON.stringify(body ?? null);
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

function decodeBody(raw: Buffer | undefined): unknown {
  if (raw === undefined || raw.length === 0) return null;
  const text = raw.subarray(0, maxRecordedText).toString('utf8');
  // A body nested too deep stays text: the journal must be able to stringify what it keeps.
  if (raw.length <= maxRecordedText && !nestsDeeperThan(raw)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}
