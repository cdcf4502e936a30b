import { HttpError } from '../errors.ts';
import { declaredResponse } from '../contract/choose-response.ts';
import { isJsonMediaType } from '../contract/media-type.ts';
import { responseSchema } from '../validation/prism-engine.ts';
import { schemaProperties } from '../contract/schema-properties.ts';
import type { RecordStore } from './store/record-store.ts';
import {
  jsonHeaders,
  type ModeAnswer,
  type ModeRequest,
  type ResponseMode,
} from './response-mode.ts';

/**
 * Stores each created record by its `id` and answers with the request projected onto the response
 * schema (for the Plant Store: `name`, and `tag` when it was sent). A taken id answers 400.
 * Operations without a JSON object body are answered by `fallback` (static mode).
 *
 * @example
 * const mode = createStatefulMode(createMemoryStore(), createStaticMode());
 * await mode.respond({ operation, request, session: 'default', status: 200 });
 */
export function createStatefulMode(store: RecordStore, fallback: ResponseMode): ResponseMode {
  return {
    async respond(modeRequest: ModeRequest): Promise<ModeAnswer> {
      const { operation, request, session, status } = modeRequest;
      const record = request.body;
      if (record === null || typeof record !== 'object' || Array.isArray(record)) {
        return fallback.respond(modeRequest);
      }
      const fields = record as Record<string, unknown>;
      const id = exactIdOf(request) ?? fields.id;
      if (id !== undefined && !(await store.insert(session, id))) {
        throw new HttpError(
          'DUPLICATE_ID',
          `A plant with id ${typeof id === 'bigint' ? id.toString() : JSON.stringify(id)} already exists in the store (session "${session}"). Make sure to send a new id, or reset the store with POST /__admin/reset.`,
        );
      }
      const properties = schemaProperties(responseSchema(operation, status));
      const body =
        properties === undefined
          ? fields
          : Object.fromEntries(Object.entries(fields).filter(([name]) => properties.has(name)));
      return { response: labelled(operation, status, body), source: 'stateful' };
    },
  };
}

// An id past 2^53 as it was sent, not as a JavaScript number rounds it.
function exactIdOf(request: ModeRequest['request']): bigint | undefined {
  return request.bigIntegers?.find((b) => b.path.length === 1 && b.path[0] === 'id')?.exact;
}

// Labelled with the JSON media type the contract declares for the status, as the other modes.
function labelled(operation: ModeRequest['operation'], status: number, body: unknown) {
  const mediaType = declaredResponse(operation, status)?.contents?.find((c) =>
    isJsonMediaType(c.mediaType),
  )?.mediaType;
  return mediaType === undefined
    ? { status, headers: { ...jsonHeaders }, body }
    : { status, headers: { 'content-type': mediaType }, body, mediaType };
}
