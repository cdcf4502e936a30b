import type { NextFunction, Request, Response } from 'express';
import type { Violation } from '../engine/violation.ts';
import type { HttpError } from '../errors.ts';
import type { Outcome } from '../server/mock-handler.ts';
import type { SentResponse } from '../server/send-json.ts';
import { flattenHeaders } from '../server/flatten-headers.ts';
import { routeViolation } from '../server/route-violation.ts';
import { sessionOf } from '../server/session-of.ts';
import type { Coverage } from './coverage.ts';
import type { AppliedFault } from '../faults/apply-fault.ts';
import type { Interaction } from './interaction.ts';
import { redactHeaders } from './redact-headers.ts';
import type { Journal } from './journal.ts';
import type { RecordFile } from './record-file.ts';

const maxRecordedText = 16 * 1024;

export interface RecorderDeps {
  journal: Journal;
  coverage: Coverage;
  contractHash: () => string;
  recordFile: RecordFile | undefined;
}

/**
 * Records every request outside `/__admin` once it is answered, or once its client has gone away:
 * one journal entry per request, never more, never fewer.
 */
export function recordInteractions(deps: RecorderDeps) {
  return function recordInteraction(req: Request, res: Response, next: NextFunction): void {
    const receivedAt = new Date();
    const started = process.hrtime.bigint();
    const id = deps.journal.nextId();
    res.once('close', () => {
      const entry = toInteraction(req, res, id, receivedAt, started, deps.contractHash());
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
    });
    next();
  };
}

function toInteraction(
  req: Request,
  res: Response,
  id: string,
  receivedAt: Date,
  started: bigint,
  hash: string,
): Interaction {
  const outcome = res.locals.outcome as Outcome | undefined;
  const sent = res.locals.sent as SentResponse | undefined;
  const error = res.locals.error as HttpError | undefined;
  const fault = res.locals.fault as AppliedFault | undefined;
  const answered = sent !== undefined && res.writableFinished;
  const requestViolations = outcome?.requestViolations ?? refusal(req, error, answered);
  const responseViolations = [
    ...(outcome?.responseViolations ?? []),
    ...(fault === undefined
      ? []
      : [{ location: 'response', message: `fault ${fault.name}: ${fault.description}` }]),
  ];
  return {
    id,
    receivedAt: receivedAt.toISOString(),
    durationMs: Number(process.hrtime.bigint() - started) / 1e6,
    session: sessionOf(req),
    operationId: outcome?.operation?.operationId ?? null,
    request: {
      method: req.method,
      path: req.path,
      query: req.query as Record<string, string | string[]>,
      headers: redactHeaders(req.headers),
      body:
        outcome === undefined || isLarge(req.body)
          ? decodeBody(req.body)
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
function refusal(req: Request, error: HttpError | undefined, answered: boolean): Violation[] {
  if (!answered)
    return [{ location: 'request', message: 'the client went away before it was answered' }];
  switch (error?.code) {
    case 'NOT_FOUND':
      return [routeViolation('no-path', req.method, req.path)];
    case 'METHOD_NOT_ALLOWED':
      return [routeViolation('no-method', req.method, req.path)];
    case undefined:
      return [];
    default:
      return [{ location: 'request', message: error?.message ?? 'refused' }];
  }
}

function isLarge(raw: unknown): boolean {
  return Buffer.isBuffer(raw) && raw.length > maxRecordedText;
}

function decodeBody(raw: unknown): unknown {
  if (!Buffer.isBuffer(raw) || raw.length === 0) return null;
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
