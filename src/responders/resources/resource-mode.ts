import { randomBytes, randomUUID } from 'node:crypto';
import { HttpError } from '../../errors.ts';
import { whenReady, type MaybePromise } from '../../maybe-promise.ts';
import { responseSchema } from '../../validation/prism-engine.ts';
import { errorAnswer } from '../error-answer.ts';
import type { ContractOperation } from '../../contract/contract-operation.ts';
import type { ModeAnswer, ModeRequest, ResponseMode } from '../response-mode.ts';
import type { Resource, ResourceRole } from './infer-resources.ts';
import { defineField, typedField, withServerFields } from './item-shape.ts';
import { itemAnswer, listAnswer, sampleOf } from './resource-answers.ts';
import type { ItemStore } from './item-store.ts';
import { mergePatch } from './merge-patch.ts';
import { collectionPath, pathValues, typedId } from './path-values.ts';
import { isNode, propertySchemas } from './schema-fields.ts';

type Item = Record<string, unknown>;

// Tries of a replace or merge raced by other writes to the same item before it writes anyway.
const maxTries = 32;

/** The contract's resources and the store of their items (see resourceRoles). */
export interface Resources {
  items: ItemStore;
  operations: () => readonly ContractOperation[];
  /** The longest item the store can keep, in characters of JSON (--store-size-limit). */
  maxItemChars: number;
}

/**
 * Answers the operations of a resource from the items stored for the session: create, read,
 * list, replace (PUT), merge (PATCH, a JSON merge patch) and delete; an unknown id is the
 * contract's 404. A request without a JSON object body where one is needed is answered by
 * `fallback` (static mode). An item longer than `maxItemChars` (the store's whole size limit,
 * so it could never be kept) is refused with a 413 and not stored.
 */
export function answerResource(
  { items, maxItemChars }: Resources,
  fallback: ResponseMode,
  modeRequest: ModeRequest,
  role: ResourceRole,
): MaybePromise<ModeAnswer> {
  const { operation, request, session } = modeRequest;
  const { resource, action } = role;
  const values = pathValues(operation.path, request.path);
  const collection = collectionPath(resource, values);
  const body = isNode(request.body) ? (request.body as Item) : undefined;
  const notFound = (id: unknown): ModeAnswer =>
    errorAnswer(
      operation,
      404,
      `No item with id ${JSON.stringify(id)} in ${collection} (session "${session}"). Make sure to create it first, or seed it with --fixtures.`,
      'error:NOT_FOUND',
    );
  const answer = (item: Item): MaybePromise<ModeAnswer> => itemAnswer(modeRequest, item, fallback);
  const tooLarge = (json: string): ModeAnswer | undefined =>
    json.length <= maxItemChars
      ? undefined
      : errorAnswer(
          operation,
          413,
          `The item is ${json.length} characters of JSON, more than the store keeps in all (--store-size-limit, ${maxItemChars}): it is not stored. Make sure to send a smaller item, or raise --store-size-limit.`,
          'error:ITEM_TOO_LARGE',
        );
  const stored = (json: string): Item => JSON.parse(json) as Item;
  const owned = (item: Item): Item => withParents(item, resource, values);

  if (action === 'list') {
    return andThen(items.list(session, collection), (texts) =>
      listAnswer(modeRequest, texts.map(stored)),
    );
  }
  if (action === 'create') {
    if (body === undefined) return fallback.respond(modeRequest);
    const given = body[resource.idField];
    const create = (id: unknown, tries: number): MaybePromise<ModeAnswer> => {
      const item = serverItem(modeRequest, owned(withId(body, resource.idField, id)));
      const json = JSON.stringify(item);
      const refused = tooLarge(json);
      if (refused !== undefined) return refused;
      return andThen(items.create(session, collection, id, json), (created) => {
        if (created) return answer(item);
        if (given !== undefined || tries > 4)
          return duplicateId(operation, id, collection, session);
        return andThen(newId(items, session, collection, resource), (next) =>
          create(next, tries + 1),
        );
      });
    };
    if (given !== undefined) return create(given, 0);
    return andThen(newId(items, session, collection, resource), (id) => create(id, 0));
  }
  const id = role.byBody
    ? body?.[resource.idField]
    : typedId(values[resource.idParam ?? ''] ?? '', resource.idKind);
  if (id === undefined) return fallback.respond(modeRequest);
  const change = (tries: number): MaybePromise<ModeAnswer> =>
    andThen(items.read(session, collection, id), (json) => {
      if (json === undefined) return notFound(id);
      const old = stored(json);
      if (action === 'read') return answer(old);
      if (action === 'delete') {
        return andThen(items.remove(session, collection, id), (removed) =>
          removed ? answer(old) : notFound(id),
        );
      }
      if (body === undefined) return fallback.respond(modeRequest);
      const next =
        action === 'merge'
          ? (mergePatch(old, body) as Item)
          : serverItem(modeRequest, { ...keptFields(old, resource), ...body });
      const item = owned(withId(next, resource.idField, old[resource.idField] ?? id));
      // Written over the text it was made from only: a write made meanwhile (another
      // replica's merge) is read again and kept; the last try writes as it is.
      const expected = tries < maxTries ? json : undefined;
      const text = JSON.stringify(item);
      const refused = tooLarge(text);
      if (refused !== undefined) return refused;
      return andThen(items.replace(session, collection, id, text, expected), (replaced) =>
        replaced ? answer(item) : change(tries + 1),
      );
    });
  return change(0);
}

// The item filled with the server's fields, by the schema of the answer it is created with.
function serverItem(modeRequest: ModeRequest, item: Item): Item {
  const { operation, status } = modeRequest;
  return withServerFields(item, responseSchema(operation, status), () => sampleOf(modeRequest));
}

// The parents' ids that the item has fields for (`customerId`), from the path.
function withParents(item: Item, resource: Resource, values: Record<string, string>): Item {
  const properties = propertySchemas(resource.itemSchema);
  const owned = { ...item };
  for (const name of resource.parentParams) {
    const value = values[name];
    if (value !== undefined && properties.has(name)) {
      defineField(owned, name, typedField(value, properties.get(name)));
    }
  }
  return owned;
}

// On a replace, what the client cannot send (`readOnly` fields) stays as it was.
function keptFields(old: Item, resource: Resource): Item {
  const kept: Item = {};
  for (const [name, property] of propertySchemas(resource.itemSchema)) {
    if (property.readOnly === true && Object.hasOwn(old, name)) defineField(kept, name, old[name]);
  }
  return kept;
}

// An id the collection has not held, of the kind its schema asks for.
function newId(
  items: ItemStore,
  session: string,
  collection: string,
  resource: Resource,
): MaybePromise<unknown> {
  if (resource.idKind === 'integer') return items.nextId(session, collection);
  if (resource.idKind === 'uuid') return randomUUID();
  return randomBytes(6).toString('base64url');
}

// A taken id: the contract's 409 where it declares one, else the mock's 400 DUPLICATE_ID.
function duplicateId(
  operation: ModeRequest['operation'],
  id: unknown,
  collection: string,
  session: string,
): ModeAnswer {
  const message = `An item with id ${JSON.stringify(id)} already exists in ${collection} (session "${session}"). Make sure to send a new id, or reset the store with POST /__admin/reset.`;
  if (operation.statuses.includes(409)) {
    return errorAnswer(operation, 409, message, 'error:DUPLICATE_ID');
  }
  throw new HttpError('DUPLICATE_ID', message);
}

// The item with its id as its first field.
function withId(body: Item, idField: string, id: unknown): Item {
  const item: Item = {};
  defineField(item, idField, id);
  for (const [name, value] of Object.entries(body))
    if (name !== idField) defineField(item, name, value);
  return item;
}

// whenReady for a step that may itself answer later: a promise's `then` flattens it.
function andThen<T, R>(
  value: MaybePromise<T>,
  next: (value: T) => MaybePromise<R>,
): MaybePromise<R> {
  return whenReady(value, next) as MaybePromise<R>;
}
