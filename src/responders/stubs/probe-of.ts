import type { EngineRequest } from '../../contract/engine-messages.ts';
import type { Violation } from '../../contract/violation.ts';
import type { Interaction } from '../../interactions/interaction.ts';
import { redactHeaders, redactQuery, type SecretNames } from '../../interactions/redact-headers.ts';

/**
 * A request seen as the journal will record it (before it is answered), so that stubs match with
 * the same request patterns as verification does.
 */
export function probeOf(
  request: EngineRequest,
  operationId: string | null,
  violations: Violation[],
  secrets: SecretNames,
): Interaction {
  return {
    id: '',
    receivedAt: '',
    durationMs: 0,
    session: '',
    operationId,
    request: {
      method: request.method,
      path: request.path,
      query: redactQuery(request.query, secrets),
      headers: redactHeaders(request.headers, secrets),
      body: request.body ?? null,
    },
    response: { status: 0, headers: {}, body: null },
    source: '',
    contract: {
      hash: '',
      request: { valid: violations.length === 0, violations },
      response: { valid: true, violations: [] },
    },
  };
}
