import type { MatcherState, SyncMatcherResult } from 'vitest';
import { asMockClient } from './as-mock-client.ts';
import { MatcherUsageError } from './matcher-usage-error.ts';

/**
 * `await expect(mock).toHaveCovered(operationId, statuses)`: the mock's session answered the
 * operation with each of the statuses at least once (every status the contract declares for it,
 * 401 included where it is secured, when none are given).
 *
 * @example
 * await expect(mock).toHaveCovered('createPlant', [200, 400]);
 * await expect(mock).not.toHaveCovered('createPlant', [401]);
 */
export async function toHaveCovered(
  this: MatcherState,
  received: unknown,
  operationId: string,
  statuses?: readonly (number | string)[],
): Promise<SyncMatcherResult> {
  const client = asMockClient(received, 'toHaveCovered');
  const { operations } = await client.coverage();
  const operation = operations.find((candidate) => candidate.operationId === operationId);
  if (operation === undefined) {
    throw new MatcherUsageError(
      `Failed to check toHaveCovered: the contract has no operation "${operationId}". Make sure to use one of: ${operations.map((o) => o.operationId).join(', ')}.`,
    );
  }
  const wanted = (statuses ?? Object.keys(operation.responses)).map(String);
  const missing = wanted.filter((status) => (operation.responses[status] ?? 0) === 0);
  const call = `expect(mock)${this.isNot ? '.not' : ''}.toHaveCovered(${JSON.stringify(operationId)}${statuses === undefined ? '' : `, ${JSON.stringify(statuses)}`})`;
  const what = `${operationId} (${operation.method} ${operation.path})`;
  const answered = `Answered so far: ${Object.entries(operation.responses)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ')}.`;
  const session = `in session "${client.sessionName}"`;
  const verdict =
    missing.length === 0
      ? [
          `Expected ${what} not to have been answered with all of ${wanted.join(', ')} ${session}, but it was.`,
          answered,
        ]
      : [
          `Expected ${what} to have been answered with ${wanted.join(', ')} ${session}, but never with ${missing.join(', ')}.`,
          answered,
          `Make sure the tests exercise each of those responses, sending X-Mock-Session: ${client.sessionName}.`,
        ];
  return { pass: missing.length === 0, message: () => [call, '', ...verdict].join('\n') };
}
