/**
 * A session's contract coverage, as GET /__admin/coverage answers it: per operation, how often
 * each declared status was answered, and the ones never answered. Read by the client and the
 * inspector page alike.
 *
 * @example
 * const report: CoverageReport = await mock.coverage();
 * report.uncovered; // [{ operationId: 'createPlant', method: 'POST', path: '/plants', status: '400' }]
 */
export interface CoverageReport {
  operations: {
    operationId: string;
    method: string;
    path: string;
    /** Every declared status (plus 401 where the operation is secured) with how often it was answered. */
    responses: Record<string, number>;
    /** Answers that broke the contract (stubs with allowContractViolation, malformed faults). */
    violations: number;
  }[];
  /** The declared statuses (and 401s) never answered. */
  uncovered: { operationId: string; method: string; path: string; status: string }[];
}
