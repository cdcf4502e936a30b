import { HttpError } from '../errors.ts';
import { responseSchema } from '../validation/prism-engine.ts';
import { schemaProperties } from '../contract/schema-properties.ts';
import { whenReady, type MaybePromise } from '../maybe-promise.ts';
import type { RecordStore } from './store/record-store.ts';
import { type ModeAnswer, type ModeRequest, type ResponseMode } from './response-mode.ts';
import { hasResources, resourceRoleOf } from './resources/infer-resources.ts';
import { defineField, fillRequired } from './resources/item-shape.ts';
import { answerResource, type Resources } from './resources/resource-mode.ts';
import { isNode } from './resources/schema-fields.ts';
import { jsonMediaTypeOf, respondWith, sampleOf } from './resources/resource-answers.ts';

/**
 * The operations of the contract's resources are answered from their stored items (see
 * answerResource); the other operations of a contract with resources as in static mode. In a
 * contract without any (the Plant Store), it stores each created record by its `id` and answers with the request projected onto the response
 * schema (for the Plant Store: `name`, and `tag` when it was sent); what that schema requires and
 * the request does not carry (an `id` the server assigns) comes from the contract's own answer.
 * A taken id answers 400. Requests without a JSON object body, and statuses the contract declares without JSON content,
 * are answered by `fallback` (static mode).
 */
export function createStatefulMode(
  store: RecordStore,
  fallback: ResponseMode,
  resources?: Resources,
): ResponseMode {
  // Whether the contract has resources is the one question about all of it: asked at start-up.
  if (resources !== undefined) hasResources(resources.operations());
  return {
    respond(modeRequest: ModeRequest): MaybePromise<ModeAnswer> {
      const { operation, request, session, status } = modeRequest;
      if (resources !== undefined) {
        const operations = resources.operations();
        const role = resourceRoleOf(operations, operation);
        if (role !== undefined) return answerResource(resources, fallback, modeRequest, role);
        if (hasResources(operations)) return fallback.respond(modeRequest);
      }
      const fields = request.body;
      const mediaType = jsonMediaTypeOf(modeRequest);
      // A response the contract declares without JSON (text, XML, none) cannot carry the record.
      if (mediaType === undefined || !isNode(fields)) return fallback.respond(modeRequest);
      const id = exactIdOf(request) ?? fields.id;
      const answer = (): ModeAnswer => {
        const schema = responseSchema(operation, status);
        const properties = schemaProperties(schema);
        const body: Record<string, unknown> = {};
        for (const [name, value] of Object.entries(fields)) {
          if (properties === undefined || properties.has(name)) defineField(body, name, value);
        }
        fillRequired(body, schema, () => sampleOf(modeRequest));
        return respondWith(modeRequest, mediaType, body);
      };
      if (id === undefined) return answer();
      return whenReady(store.insert(session, id), (inserted) => {
        if (!inserted) throw duplicateId(id, session);
        return answer();
      });
    },
  };
}

function duplicateId(id: unknown, session: string): HttpError {
  return new HttpError(
    'DUPLICATE_ID',
    `A plant with id ${typeof id === 'bigint' ? id.toString() : JSON.stringify(id)} already exists in the store (session "${session}"). Make sure to send a new id, or reset the store with POST /__admin/reset.`,
  );
}

// An id past 2^53 as it was sent, not as a JavaScript number rounds it.
function exactIdOf(request: ModeRequest['request']): bigint | undefined {
  return request.bigIntegers?.find((b) => b.path.length === 1 && b.path[0] === 'id')?.exact;
}
