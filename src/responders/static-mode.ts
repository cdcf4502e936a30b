import { HttpError } from '../errors.ts';
import { problemDetails } from '../contract/problem-details.ts';
import { checkTextBody } from './check-text-body.ts';
import { notAcceptable } from './not-acceptable.ts';
import { exampleNames } from '../validation/prism-engine.ts';
import { staticSample } from '../contract/static-sample.ts';
import { declaredResponse } from '../contract/choose-response.ts';
import type { ContractOperation } from '../contract/contract-operation.ts';
import { type ModeAnswer, type ModeRequest, type ResponseMode } from './response-mode.ts';

/**
 * Answers with the named example, else the first example, else Prism's deterministic sample.
 *
 * @example
 * await createStaticMode().respond({ operation, request, session: 'default', status: 200 });
 * // { response: { status: 200, body: { name: 'Monstera', tag: 'tropical' } }, source: 'example:monstera' }
 */
export function createStaticMode(): ResponseMode {
  return {
    respond({ operation, request, status, exampleKey }: ModeRequest): ModeAnswer {
      const names = exampleKey === undefined ? [] : exampleNames(operation, status);
      if (exampleKey !== undefined && !names.includes(exampleKey)) {
        const available = names.length > 0 ? `available: ${names.join(', ')}` : 'it declares none';
        throw new HttpError(
          'INVALID_CONTROL',
          `Failed to read the mock controls: ${operation.operationId} has no example "${exampleKey}" for status ${status} (${available}). Make sure to name a declared example.`,
          {
            problem: problemDetails(
              'NOT_FOUND',
              `Response for contentType: ${exampleMediaType(operation, status)} and exampleKey: ${exampleKey} does not exist.`,
            ),
          },
        );
      }
      const accept = request.headers.accept;
      const choice = exampleKey === undefined ? { status, accept } : { status, exampleKey, accept };
      const result = staticSample(operation, choice);
      if (!result.ok && result.status === 406)
        throw notAcceptable(operation, status, result.reason);
      if (!result.ok && result.status === undefined) {
        // No control asked for this: the contract's schema is what cannot be answered.
        throw new HttpError(
          'UNANSWERABLE_RESPONSE',
          `Failed to answer ${operation.operationId}: ${result.reason} Make sure the response schema of status ${status} has an example, or a finite shape.`,
          { problem: problemDetails('SCHEMA_TOO_COMPLEX', result.reason) },
        );
      }
      if (!result.ok) {
        throw new HttpError(
          'INVALID_CONTROL',
          `Failed to read the mock controls: ${result.reason}`,
          { problem: problemDetails('NOT_FOUND', result.reason) },
        );
      }
      checkTextBody(operation.operationId, result.response);
      const used = exampleKey ?? result.example;
      return {
        response: { ...result.response, headers: { ...result.response.headers } },
        source: used === undefined ? 'sample' : `example:${used}`,
      };
    },
  };
}

// The media type Prism names when an example is missing: the first content with examples.
function exampleMediaType(operation: ContractOperation, status: number): string {
  const contents = declaredResponse(operation, status)?.contents ?? [];
  const content = contents.find((c) => (c.examples ?? []).length > 0) ?? contents[0];
  return content?.mediaType ?? 'application/json';
}
