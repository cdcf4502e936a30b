import { createHash } from 'node:crypto';
import { fakeBody } from '../engine/fake-body.ts';
import { responseSchema } from '../engine/prism-engine.ts';
import {
  jsonHeaders,
  type ModeAnswer,
  type ModeRequest,
  type ResponseMode,
} from './response-mode.ts';

/**
 * Fakes a body from the response schema with json-schema-faker. With a seed, the fake depends only
 * on the seed, the operation, the status and the request's `id` (or whole body when it has none),
 * so the same request gets the same answer whatever came before it.
 *
 * @example
 * await createDynamicMode().respond({ operation, request, session: 'default', status: 200, seed: '42' });
 */
export function createDynamicMode(): ResponseMode {
  return {
    async respond({ operation, request, status, seed }: ModeRequest): Promise<ModeAnswer> {
      const schema = responseSchema(operation, status);
      const body =
        schema === undefined
          ? undefined
          : await fakeBody(
              schema,
              seed === undefined
                ? undefined
                : seedFor(seed, operation.operationId, status, request.body),
            );
      return {
        response: { status, headers: { ...jsonHeaders }, body },
        source: 'generated',
      };
    },
  };
}

function seedFor(seed: string, operationId: string, status: number, body: unknown): number {
  const id = (body as { id?: unknown } | null)?.id;
  const key = JSON.stringify(id ?? body ?? null);
  const digest = createHash('sha256').update(`${seed}\0${operationId}\0${status}\0${key}`).digest();
  return digest.readUInt32BE(0);
}
