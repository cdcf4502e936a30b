import { isJsonMediaType } from '../contract/media-type.ts';
import type { Violation } from '../contract/violation.ts';
import type { Interaction } from './interaction.ts';
import type { RequestPattern } from './request-pattern.ts';

/** A stub definition as POST /__admin/stubs takes it: this pattern, answered with this. */
export interface RecordedStub {
  pattern: RequestPattern;
  response: { status: number; body: unknown };
}

/** Most stubs one recording gives (a stubs file past --stub-limit could not be loaded anyway). */
export const maxRecordedStubs = 1000;
/** Most left-out exchanges listed one by one; the drift report counts them all. */
const maxListed = 100;
/** Most distinct violations counted per operation. */
const maxKinds = 50;

/** A provider exchange left out of the recording, and why. */
export interface LeftOutExchange {
  id: string;
  operationId: string | null;
  method: string;
  path: string;
  status: number;
  /** The contract's violations of the request and of the answer, or why else it was left out. */
  violations: Violation[];
}

/** Per operation: how many provider answers were recorded, how many broke the contract, and how. */
export interface DriftReport {
  exchanges: number;
  broken: number;
  /** `location: message` of each violation, with how often it was seen. */
  violations: Record<string, number>;
}

/** GET /__admin/recording: a stubs file, and what was left out of it. */
export interface Recording {
  /** One stub per request shape (method, path, body), each one POST /__admin/stubs accepts. */
  stubs: RecordedStub[];
  leftOut: LeftOutExchange[];
  /** Left-out exchanges not listed (past 100). */
  notListed: number;
  drift: Record<string, DriftReport>;
}

/**
 * The provider's exchanges of a session (`source: upstream`) as a stubs file: the ones the
 * contract accepted on both sides become stubs (for a request shape seen more than once, its
 * latest answer); the others are left out, listed with their violations, and counted per
 * operation in a drift report.
 *
 * @example
 * const recording = await recordingOf(journal.scan('default'));
 * recording.stubs[0]; // { pattern: { method: 'POST', path: '/plants', body: { equalTo: {...} } }, response: { status: 200, body: {...} } }
 */
export async function recordingOf(entries: AsyncIterable<Interaction>): Promise<Recording> {
  const stubs = new Map<string, RecordedStub>();
  const leftOut: LeftOutExchange[] = [];
  let notListed = 0;
  const drift: Record<string, DriftReport> = {};
  for await (const entry of entries) {
    if (entry.source !== 'upstream') continue;
    const operation = entry.operationId ?? '(outside the contract)';
    const report = (drift[operation] ??= { exchanges: 0, broken: 0, violations: {} });
    report.exchanges++;
    const why = whyLeftOut(entry);
    if (why.length === 0 && stubs.size < maxRecordedStubs) {
      const { method, path, body } = entry.request;
      stubs.set(JSON.stringify([method, path, body]), {
        pattern: { method, path, ...(body === null ? {} : { body: { equalTo: body } }) },
        response: { status: entry.response.status, body: entry.response.body },
      });
      continue;
    }
    const { request, contract } = entry;
    if (!contract.request.valid || !contract.response.valid) report.broken++;
    for (const violation of why) countKind(report, violation);
    if (leftOut.length >= maxListed) notListed++;
    else {
      const { id, operationId, response } = entry;
      const { method, path } = request;
      leftOut.push({ id, operationId, method, path, status: response.status, violations: why });
    }
  }
  return { stubs: [...stubs.values()], leftOut, notListed, drift };
}

function whyLeftOut({ request, response, contract }: Interaction): Violation[] {
  const why = [
    ...contract.request.violations.map((v) => ({ ...v, location: `request/${v.location}` })),
    ...contract.response.violations.map((v) => ({ ...v, location: `response/${v.location}` })),
  ];
  if (why.length > 0) return why;
  if (request.truncated === true || response.truncated === true) {
    return [{ location: 'body', message: 'cut to 16 KiB in the journal: not replayable' }];
  }
  const type = response.headers['content-type'];
  if (response.body !== null && (type === undefined || !isJsonMediaType(type))) {
    return [{ location: 'response/body', message: `not JSON (${type ?? 'no content type'})` }];
  }
  if (response.body === null) {
    return [{ location: 'response/body', message: 'empty: a stub answers with a body' }];
  }
  return [];
}

function countKind(report: DriftReport, { location, message }: Violation): void {
  const kind = `${location}: ${message}`;
  const seen = report.violations[kind];
  if (seen !== undefined) report.violations[kind] = seen + 1;
  else if (Object.keys(report.violations).length < maxKinds) report.violations[kind] = 1;
}
