import type { ContractOperation } from '../../contract/contract-operation.ts';
import { responseSchema } from '../../validation/prism-engine.ts';
import type { ResourceAction } from './resource-override.ts';
import {
  arrayProperty,
  isNode,
  isNumeric,
  itemsOf,
  propertySchemas,
  type SchemaNode,
} from './schema-fields.ts';

export type IdKind = 'integer' | 'uuid' | 'string';

/** A collection and its items, as the contract's paths show them (see resourceRoleOf). */
export interface Resource {
  /** The collection's path template, e.g. `/customers/{customerId}/orders`. */
  collection: string;
  /** The collection's own path parameters (its parents' ids), in order. */
  parentParams: readonly string[];
  /** The item path's parameter (`orderId`); undefined where no item path is declared. */
  idParam: string | undefined;
  /** The item field that holds the id. */
  idField: string;
  idKind: IdKind;
  /** The item as the contract answers it: its read's schema, else its create's, else the list's. */
  itemSchema: SchemaNode | undefined;
}

/** An operation in its resource: the action it takes, and the id field its override names. */
export interface Member {
  op: ContractOperation;
  collection: string;
  action: ResourceAction;
  idField: string | undefined;
}

/**
 * A resource from its members (in document order): the item schema of its read, else its
 * create, else its list; the id field its override names, else the item path's parameter or
 * `id` where the item has such a field. Reads the members' schemas, which converts them.
 *
 * @example
 * describeResource('/todos', members).idField; // 'id'
 */
export function describeResource(collection: string, list: readonly Member[]): Resource {
  const find = (action: ResourceAction) => list.find((m) => m.action === action)?.op;
  const itemOp = list.find((m) => parentOf(m.op.path) === collection)?.op;
  const idParam = itemOp === undefined ? undefined : lastParam(itemOp.path);
  const listed = successSchema(find('list'));
  const itemSchema =
    successSchema(find('read')) ??
    successSchema(find('create')) ??
    itemsOf(listed) ??
    arrayProperty(listed)?.[1];
  const properties = propertySchemas(itemSchema);
  const idField =
    list.find((m) => m.idField !== undefined)?.idField ??
    (idParam !== undefined && properties.has(idParam) ? idParam : undefined) ??
    (properties.has('id') ? 'id' : (idParam ?? 'id'));
  const idSchema =
    properties.get(idField) ??
    itemOp?.resource.request?.path?.find((p) => p.name === idParam)?.schema;
  return {
    collection,
    parentParams: collection
      .split('/')
      .filter(isParam)
      .map((s) => s.slice(1, -1)),
    idParam,
    idField,
    idKind: idKindOf(idSchema),
    itemSchema,
  };
}

/**
 * `/todos` for `/todos/{id}`; undefined unless the path ends in a parameter under a literal.
 *
 * @example
 * parentOf('/customers/{customerId}/orders/{orderId}'); // '/customers/{customerId}/orders'
 */
export function parentOf(path: string): string | undefined {
  const cut = path.lastIndexOf('/');
  if (cut < 0 || !isParam(path.slice(cut + 1))) return undefined;
  const parent = path.slice(0, cut);
  const before = parent.slice(parent.lastIndexOf('/') + 1);
  return before === '' || isParam(before) ? undefined : parent;
}

// Whether a path segment is one whole parameter (`{id}`).
function isParam(segment: string): boolean {
  return /^\{[^{}]+\}$/.test(segment);
}

function idKindOf(schema: unknown): IdKind {
  if (isNumeric(schema)) return 'integer';
  return isNode(schema) && schema.format === 'uuid' ? 'uuid' : 'string';
}

function successSchema(op: ContractOperation | undefined): SchemaNode | undefined {
  if (op === undefined) return undefined;
  const schema = responseSchema(op, op.successStatus);
  return isNode(schema) ? schema : undefined;
}

function lastParam(path: string): string | undefined {
  const last = path.split('/').at(-1) ?? '';
  return isParam(last) ? last.slice(1, -1) : undefined;
}
