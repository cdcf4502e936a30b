import { HttpError } from '../errors.ts';
import { exampleNames } from '../engine/prism-engine.ts';
import { staticSample } from '../engine/static-sample.ts';
import {
  jsonHeaders,
  type ModeAnswer,
  type ModeRequest,
  type ResponseMode,
} from './response-mode.ts';

/**
 * Answers with the named example, else the first example, else Prism's deterministic sample.
 *
 * @example
 * await createStaticMode().respond({ operation, request, session: 'default', status: 200 });
 * // { response: { status: 200, body: { name: 'Monstera', tag: 'tropical' } }, source: 'example:monstera' }
 */
export function createStaticMode(): ResponseMode {
  return {
    respond({ operation, status, exampleKey }: ModeRequest): Promise<ModeAnswer> {
      const names = exampleNames(operation, status);
      if (exampleKey !== undefined && !names.includes(exampleKey)) {
        const available = names.length > 0 ? `available: ${names.join(', ')}` : 'it declares none';
        throw new HttpError(
          'INVALID_CONTROL',
          `Failed to read the mock controls: ${operation.operationId} has no example "${exampleKey}" for status ${status} (${available}). Make sure to name a declared example.`,
        );
      }
      const choice = exampleKey === undefined ? { status } : { status, exampleKey };
      const result = staticSample(operation, choice);
      if (!result.ok) {
        throw new HttpError(
          'INVALID_CONTROL',
          `Failed to read the mock controls: ${result.reason}`,
        );
      }
      const used = exampleKey ?? names[0];
      return Promise.resolve({
        response: { ...result.response, headers: { ...jsonHeaders } },
        source: used === undefined ? 'sample' : `example:${used}`,
      });
    },
  };
}
