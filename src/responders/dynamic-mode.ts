import { createHash } from 'node:crypto';
import { fakeBody } from './fake-body.ts';
import { chooseResponse } from '../contract/choose-response.ts';
import { responseSchema } from '../validation/prism-engine.ts';
import { HttpError } from '../errors.ts';
import { problemDetails } from '../contract/problem-details.ts';
import { checkTextBody } from './check-text-body.ts';
import { whenReady, type MaybePromise } from '../maybe-promise.ts';
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
 */
export function createDynamicMode(options: { allOptionals?: boolean } = {}): ResponseMode {
  // `--fake-optionals all`: every optional property, as Prism fakes them; the contract's own
  // x-json-schema-faker settings still win.
  const base = options.allOptionals === true ? { alwaysFakeOptionals: true } : {};
  return {
    respond({ operation, request, status, seed }: ModeRequest): MaybePromise<ModeAnswer> {
      const chosen = chooseResponse(operation, status, request.headers.accept);
      if (!chosen.ok && chosen.status === 406) {
        throw new HttpError('NOT_ACCEPTABLE', chosen.reason, {
          problem: problemDetails('NOT_ACCEPTABLE', chosen.reason),
        });
      }
      const schema = chosen.ok ? chosen.content?.schema : responseSchema(operation, status);
      const mediaType = chosen.ok ? chosen.mediaType : undefined;
      const answer = (body: unknown): ModeAnswer => {
        const response =
          mediaType === undefined
            ? { status, headers: { ...jsonHeaders }, body }
            : { status, headers: { 'content-type': mediaType }, body, mediaType };
        checkTextBody(operation.operationId, response);
        return { response, source: 'generated' };
      };
      if (schema === undefined) return answer(undefined);
      const fake = fakeBody(
        schema,
        seed === undefined ? undefined : seedFor(seed, operation.operationId, status, request.body),
        (operation.resource as { __bundled__?: unknown }).__bundled__,
        { ...base, ...operation.fakerSettings },
      );
      return whenReady(fake, answer);
    },
  };
}

function seedFor(seed: string, operationId: string, status: number, body: unknown): number {
  const id = (body as { id?: unknown } | null)?.id;
  const key = JSON.stringify(id ?? body ?? null);
  const digest = createHash('sha256').update(`${seed}\0${operationId}\0${status}\0${key}`).digest();
  return digest.readUInt32BE(0);
}
