import type { ContractOperation } from '../contract/contract-operation.ts';
import type { CoverageReport } from '../interactions/coverage-report.ts';
import type { MaybePromise } from '../maybe-promise.ts';
import { allSessions } from '../sessions/session-of.ts';

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
  const sessions = new Map<string, Map<string, Map<number, number>>>();
  const violations = new Map<string, Map<string, number>>();

  return {
    record(session: string, operationId: string, status: number, violated = false): void {
      if (violated) {
        let bySession = violations.get(session);
        if (bySession === undefined)
          violations.set(session, (bySession = new Map<string, number>()));
        bySession.set(operationId, (bySession.get(operationId) ?? 0) + 1);
      }
      let byOperation = sessions.get(session);
      if (byOperation === undefined)
        sessions.set(session, (byOperation = new Map<string, Map<number, number>>()));
      let byStatus = byOperation.get(operationId);
      if (byStatus === undefined)
        byOperation.set(operationId, (byStatus = new Map<number, number>()));
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    },
    report(session: string): CoverageReport {
      return coverageReport(operations(), session, sessions, violations);
    },
    clear(session: string): void {
      if (session === allSessions) {
        sessions.clear();
        violations.clear();
      } else {
        sessions.delete(session);
        violations.delete(session);
      }
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

/** Counts by session, then operation, then status. */
export type StatusCounts = ReadonlyMap<string, ReadonlyMap<string, ReadonlyMap<number, number>>>;
/** Contract violations by session, then operation. */
export type ViolationCounts = ReadonlyMap<string, ReadonlyMap<string, number>>;

/** The coverage report of a session (every session for `*`) from the counts. */
export function coverageReport(
  operations: readonly ContractOperation[],
  session: string,
  sessions: StatusCounts,
  violations: ViolationCounts,
): CoverageReport {
  const report: CoverageReport = { operations: [], uncovered: [] };
  for (const operation of operations) {
    const expected = [...operation.statuses];
    if (operation.security.length > 0 && !expected.includes(401)) expected.push(401);
    const responses: Record<string, number> = {};
    for (const status of expected) responses[status] = 0;
    for (const [name, byOperation] of sessions) {
      if (session !== allSessions && name !== session) continue;
      for (const [status, count] of byOperation.get(operation.operationId) ?? []) {
        responses[status] = (responses[status] ?? 0) + count;
      }
    }
    const { operationId, method, path } = operation;
    let violated = 0;
    for (const [name, bySession] of violations) {
      if (session === allSessions || name === session) violated += bySession.get(operationId) ?? 0;
    }
    report.operations.push({ operationId, method, path, responses, violations: violated });
    for (const status of expected) {
      if (responses[status] === 0)
        report.uncovered.push({ operationId, method, path, status: String(status) });
    }
  }
  return report;
}
