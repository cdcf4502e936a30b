import type { ContractOperation } from '../contract/contract-operation.ts';
import type { CoverageReport } from '../interactions/coverage-report.ts';
import type { MaybePromise } from '../maybe-promise.ts';
import { allSessions } from '../sessions/session-of.ts';

/**
 * One session's counts, keyed as the shared state's hashes keep them: answers by
 * `"<operationId> <status>"`, contract violations by operation.
 */
export interface SessionCounts {
  answers: Map<string, number>;
  violations: Map<string, number>;
}

const countIn = (counts: Map<string, number>, key: string, count = 1): void => {
  counts.set(key, (counts.get(key) ?? 0) + count);
};

/**
 * Counts answered statuses per session and operation. Kept beside the journal rather than derived
 * from it, so that entries dropped from a full journal still count.
 *
 * @example
 * const coverage = createCoverage(() => contract.operations);
 * coverage.record('default', 'createPlant', 200);
 * coverage.report('default').uncovered; // [{ operationId: 'createPlant', status: '400', ... }, ...]
 */
export function createCoverage(operations: () => readonly ContractOperation[]) {
  const sessions = new Map<string, SessionCounts>();

  return {
    record(session: string, operationId: string, status: number, violated = false): void {
      let counts = sessions.get(session);
      if (counts === undefined) {
        sessions.set(session, (counts = { answers: new Map(), violations: new Map() }));
      }
      countIn(counts.answers, `${operationId} ${status}`);
      if (violated) countIn(counts.violations, operationId);
    },
    report(session: string): CoverageReport {
      return coverageReport(operations(), session, sessions);
    },
    clear(session: string): void {
      if (session === allSessions) sessions.clear();
      else sessions.delete(session);
    },
  };
}

/** Answered statuses per session and operation: in memory (createCoverage) or shared (Redis). */
export interface Coverage {
  /** Counts one answer; `violated`: it broke the contract. */
  record(session: string, operationId: string, status: number, violated?: boolean): void;
  report(session: string): MaybePromise<CoverageReport>;
  clear(session: string): MaybePromise<void>;
}

/** The coverage report of a session (every session for `*`) from each session's counts. */
export function coverageReport(
  operations: readonly ContractOperation[],
  session: string,
  sessions: ReadonlyMap<string, SessionCounts>,
): CoverageReport {
  const answers = new Map<string, Record<string, number>>();
  const violations = new Map<string, number>();
  for (const [name, counts] of sessions) {
    if (session !== allSessions && name !== session) continue;
    for (const [field, count] of counts.answers) {
      const space = field.lastIndexOf(' ');
      const operationId = field.slice(0, space);
      const responses = answers.get(operationId) ?? {};
      answers.set(operationId, responses);
      const status = field.slice(space + 1);
      responses[status] = (responses[status] ?? 0) + count;
    }
    for (const [operationId, count] of counts.violations) countIn(violations, operationId, count);
  }
  const report: CoverageReport = { operations: [], uncovered: [] };
  for (const operation of operations) {
    const { operationId, method, path } = operation;
    const expected = [...operation.statuses];
    if (operation.security.length > 0 && !expected.includes(401)) expected.push(401);
    const responses: Record<string, number> = {};
    for (const status of expected) responses[status] = 0;
    Object.assign(responses, answers.get(operationId));
    const violated = violations.get(operationId) ?? 0;
    report.operations.push({ operationId, method, path, responses, violations: violated });
    for (const status of expected) {
      if (responses[status] === 0)
        report.uncovered.push({ operationId, method, path, status: String(status) });
    }
  }
  return report;
}
