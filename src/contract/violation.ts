/** One way a request or response departs from the contract, e.g. `{location: 'body/name', message: 'must be string'}`. */
export interface Violation {
  location: string;
  message: string;
}

/** Renders violations as `body/name: must be string; body: must have required property 'id'`. */
export function formatViolations(violations: readonly Violation[]): string {
  return violations.map((v) => `${v.location}: ${v.message}`).join('; ');
}
