import type { Violation } from '../engine/violation.ts';
import type { HttpError } from '../errors.ts';
import type { AppliedFault } from '../faults/apply-fault.ts';
import type { Exchange } from '../server/exchange.ts';
import { flattenHeaders } from '../server/flatten-headers.ts';
import type { Outcome } from '../server/mock-handler.ts';
import { routeViolation } from '../server/route-violation.ts';
import type { Coverage } from './coverage.ts';
import type { Interaction } from './interaction.ts';
import type { Journal } from './journal.ts';
import type { RecordFile } from './record-file.ts';
import { redactHeaders } from './redact-headers.ts';

const maxRecordedText = 16 * 1024;

export interface RecorderDeps {
  journal: Journal;
  coverage: Coverage;
  contractHash: () => string;
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
      if (exchange.journalId === undefined) return;
      const entry = toInteraction(exchange, exchange.journalId, deps.contractHash());
      const text = JSON.stringify(entry);
      deps.journal.add(entry, text);
      if (entry.operationId !== null && entry.response.status !== 0) {
        deps.coverage.record(
          entry.session,
          entry.operationId,
          entry.response.status,
          !entry.contract.response.valid,
        );
      }
      deps.recordFile?.write(text);
    },
  };
}

export type Recorder = ReturnType<typeof recordInteractions>;

function toInteraction(exchange: Exchange, id: string, hash: string): Interaction {
  const { req, res, outcome, sent, error, fault } = exchange;
  const answered = sent !== undefined && res.writableFinished;
  const requestViolations = outcome?.requestViolations ?? refusal(exchange, error, answered);
  const responseViolations = [
    ...(outcome?.responseViolations ?? []),
    ...(fault === undefined
      ? []
      : [{ location: 'response', message: `fault ${fault.name}: ${fault.description}` }]),
  ];
  return {
    id,
    receivedAt: isoTime(exchange.receivedAt),
    durationMs: performance.now() - exchange.started,
    session: exchange.session,
    operationId: outcome?.operation?.operationId ?? null,
    request: {
      method: exchange.method,
      path: exchange.path,
      query: exchange.query as Record<string, string | string[]>,
      headers: redactHeaders(req.headers),
      body:
        outcome === undefined || isLarge(exchange.body)
          ? decodeBody(exchange.body)
          : (outcome.request.body ?? null),
    },
    response: {
      status: answered ? sent.status : 0,
      headers: answered ? flattenHeaders(res.getHeaders()) : {},
      body: answered ? (sent.body ?? null) : null,
    },
    source: sourceOf(fault, answered, outcome, error),
    contract: {
      hash,
      request: { valid: requestViolations.length === 0, violations: requestViolations },
      response: { valid: responseViolations.length === 0, violations: responseViolations },
    },
  };
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
  if (raw.length <= maxRecordedText) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}
