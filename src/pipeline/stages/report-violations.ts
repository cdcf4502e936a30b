import { problemDetails, violationsDetail } from '../../contract/problem-details.ts';
import { formatViolations } from '../../contract/violation.ts';
import {
  entryOf,
  requestEntries,
  responseEntries,
  type ViolationEntry,
} from '../../validation/violation-entries.ts';
import { errorAnswer } from '../../responders/error-answer.ts';
import { isOwnAnswer } from '../../responders/response-mode.ts';
import type { Outcome, PipelineDeps } from '../request-states.ts';

// Prism lists a refused credential as this violation of the request.
const securityEntry: ViolationEntry = {
  location: ['request'],
  severity: 'Error',
  code: 401,
  message: 'Invalid security scheme used',
};

/**
 * Prism's opt-ins: the violations in an `sl-violations` header (`--violations-header`), and a 500
 * listing them instead of an operation's answer that breaks the contract (`--errors`; not a stub's).
 */
export function reportViolations(outcome: Outcome, deps: PipelineDeps): Outcome {
  if (deps.errors !== true && deps.violationsHeader !== true) return outcome;
  const { operation, request, response, source, responseViolations } = outcome;
  if (operation === undefined) return outcome;
  const fromContract = !isOwnAnswer(source) && !source.startsWith('stub:');
  const output =
    responseViolations.length === 0
      ? []
      : prefixed('response', responseEntries(operation, response), responseViolations);
  const broken = output.filter((entry) => entry.severity === 'Error');
  const headers: Record<string, string> = {};
  if (deps.violationsHeader === true) {
    const input = [
      ...(source === 'error:UNAUTHORIZED' ? [securityEntry] : []),
      ...prefixed('request', requestEntries(operation, request), outcome.requestViolations),
    ];
    const all = [...input, ...output];
    if (all.length > 0) headers['sl-violations'] = violationsHeaderOf(all);
  }
  if (deps.errors === true && fromContract && broken.length > 0) {
    const message = `The answer breaks the contract: ${formatViolations(responseViolations)}`;
    const problem = problemDetails('VIOLATIONS', violationsDetail, { validation: broken });
    return { ...outcome, ...errorAnswer(operation, 500, message, 'violations', headers, problem) };
  }
  if (headers['sl-violations'] === undefined) return outcome;
  return { ...outcome, response: { ...response, headers: { ...response.headers, ...headers } } };
}

// Past 8 KiB a header may be refused by a client or a proxy (Node's own parser takes 16 KiB for
// them all): as Prism, the list is cut and says so; the journal keeps it whole.
const maxHeaderLength = 8 * 1024 - 100;

function violationsHeaderOf(entries: readonly ViolationEntry[]): string {
  const value = JSON.stringify(entries);
  return value.length > maxHeaderLength
    ? `Too many violations! ${value.slice(0, maxHeaderLength)}`
    : value;
}

// Prism's entries, where its validator finds any, else the mock's own; under `request` or
// `response`.
function prefixed(
  where: 'request' | 'response',
  found: ViolationEntry[],
  ours: readonly { location: string; message: string }[],
): ViolationEntry[] {
  // A refused credential is listed as Prism lists it (securityEntry), not twice.
  const own = ours.filter((v) => v.location !== 'header/authorization');
  const entries = found.length > 0 ? found : own.map(entryOf);
  return entries.map((entry) => ({ ...entry, location: [where, ...entry.location] }));
}
