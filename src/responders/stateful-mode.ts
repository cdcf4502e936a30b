import { HttpError } from '../errors.ts';
import { declaredResponse } from '../contract/choose-response.ts';
import { isJsonMediaType } from '../contract/media-type.ts';
import { responseSchema } from '../validation/prism-engine.ts';
import { requiredProperties, schemaProperties } from '../contract/schema-properties.ts';
import { staticSample } from '../contract/static-sample.ts';
import { whenReady, type MaybePromise } from '../maybe-promise.ts';
import type { ContractOperation } from '../contract/contract-operation.ts';
import type { RecordStore } from './store/record-store.ts';
import { type ModeAnswer, type ModeRequest, type ResponseMode } from './response-mode.ts';
import { resourceRoles } from './resources/infer-resources.ts';
import type { ItemStore } from './resources/item-store.ts';
import { createResourceMode } from './resources/resource-mode.ts';

/** The contract's resources and the store of their items (see resourceRoles). */
export interface Resources {
  items: ItemStore;
  operations: () => readonly ContractOperation[];
  /** The longest item the store can keep, in characters of JSON (--store-size-limit). */
  maxItemChars: number;
}

/**
 * The operations of the contract's resources are answered from their stored items (see
 * createResourceMode); the other operations of a contract with resources as in static mode. In a
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
  const resourceMode =
    resources && createResourceMode(resources.items, fallback, resources.maxItemChars);
  return {
    respond(modeRequest: ModeRequest): MaybePromise<ModeAnswer> {
      const { operation, request, session, status } = modeRequest;
      if (resources !== undefined && resourceMode !== undefined) {
        const roles = resourceRoles(resources.operations());
        const role = roles.get(operation);
        if (role !== undefined) return resourceMode.respond(modeRequest, role);
        if (roles.size > 0) return fallback.respond(modeRequest);
      }
      const record = request.body;
      const mediaType = jsonMediaTypeOf(operation, status);
      // A response the contract declares without JSON (text, XML, none) cannot carry the record.
      if (
        mediaType === undefined ||
        record === null ||
        typeof record !== 'object' ||
        Array.isArray(record)
      ) {
        return fallback.respond(modeRequest);
      }
      const fields = record as Record<string, unknown>;
      const id = exactIdOf(request) ?? fields.id;
      const answer = (): ModeAnswer => {
        const schema = responseSchema(operation, status);
        const properties = schemaProperties(schema);
        const body = withRequired(
          properties === undefined ? fields : projected(fields, properties),
          requiredProperties(schema),
          modeRequest,
        );
        return {
          response: { status, headers: { 'content-type': mediaType }, body, mediaType },
          source: 'stateful',
        };
      };
      if (id === undefined) return answer();
      return whenReady(store.insert(session, id), (inserted) => {
        if (!inserted) throw duplicateId(id, session);
        return answer();
      });
    },
  };
}

// The required fields the record lacks, from the contract's own answer for the status (its
// example, else a sample of its schema), so that the answer still matches the contract.
function withRequired(
  body: Record<string, unknown>,
  required: readonly string[],
  modeRequest: ModeRequest,
): Record<string, unknown> {
  for (const name of required) {
    if (!Object.hasOwn(body, name)) return filled(body, required, modeRequest);
  }
  return body;
}

function filled(
  body: Record<string, unknown>,
  required: readonly string[],
  { operation, status }: ModeRequest,
): Record<string, unknown> {
  const sample = staticSample(operation, { status });
  const from = sample.ok ? sample.response.body : undefined;
  if (from === null || typeof from !== 'object' || Array.isArray(from)) return body;
  const copy = { ...body };
  for (const name of required) {
    if (!Object.hasOwn(copy, name) && Object.hasOwn(from, name)) {
      defineField(copy, name, (from as Record<string, unknown>)[name]);
    }
  }
  return copy;
}

// The record's fields that the response schema declares (defined, not assigned: a field named
// `__proto__` stays a field).
function projected(
  fields: Record<string, unknown>,
  properties: ReadonlyMap<string, unknown>,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of Object.keys(fields)) {
    if (properties.has(name)) defineField(body, name, fields[name]);
  }
  return body;
}

// Sets a field as data (a field named `__proto__` stays a field).
function defineField(body: Record<string, unknown>, name: string, value: unknown): void {
  if (name === '__proto__')
    Object.defineProperty(body, name, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  else body[name] = value;
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

// The JSON media type the contract declares for the status, which the record is labelled with.
function jsonMediaTypeOf(operation: ModeRequest['operation'], status: number): string | undefined {
  return declaredResponse(operation, status)?.contents?.find((c) => isJsonMediaType(c.mediaType))
    ?.mediaType;
}
