import type { ContractOperation } from '../../contract/contract-operation.ts';
import { responseSchema } from '../../validation/prism-engine.ts';
import { overrideOf, type Override, type ResourceAction } from './resource-override.ts';
import {
  arrayProperty,
  isNode,
  isNumeric,
  itemsOf,
  propertySchemas,
  type SchemaNode,
} from './schema-fields.ts';

export type IdKind = 'integer' | 'uuid' | 'string';

/** A collection and its items, as the contract's paths show them (see resourceRoles). */
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

/** What an operation does to a resource; `byBody`: a PUT or PATCH on the collection, id in the body. */
export interface ResourceRole {
  action: ResourceAction;
  resource: Resource;
  byBody: boolean;
}

const itemActions: Record<string, ResourceAction> = {
  GET: 'read',
  PUT: 'replace',
  PATCH: 'merge',
  DELETE: 'delete',
};
const collectionActions: Record<string, ResourceAction> = {
  POST: 'create',
  GET: 'list',
  PUT: 'replace',
  PATCH: 'merge',
};
const known = new WeakMap<readonly ContractOperation[], Map<ContractOperation, ResourceRole>>();

/**
 * The operations that act on a resource, and how. A path ending in one parameter (`/todos/{id}`)
 * under a path ending in a literal (`/todos`) makes a resource where the collection declares a
 * POST (create) and the item path a GET, PUT, PATCH or DELETE; the collection's GET lists. Anything else
 * (`/orders/{id}/cancel`, `/pets/findByStatus`) is no resource. An operation's `x-mock-resource`
 * says otherwise: `false`, or `{ action, collection, id }`. Worked out once per contract.
 *
 * @example
 * resourceRoles(contract.operations).get(getTodo); // { action: 'read', resource: { collection: '/todos', idField: 'id', ... } }
 */
export function resourceRoles(
  operations: readonly ContractOperation[],
): Map<ContractOperation, ResourceRole> {
  let roles = known.get(operations);
  if (roles === undefined) known.set(operations, (roles = inferRoles(operations)));
  return roles;
}

// An operation in its resource: the action it takes, and the id field its override names.
interface Member {
  op: ContractOperation;
  collection: string;
  action: ResourceAction;
  idField: string | undefined;
}

function inferRoles(
  operations: readonly ContractOperation[],
): Map<ContractOperation, ResourceRole> {
  const overrides = new Map<ContractOperation, Override | undefined>();
  for (const op of operations) {
    const override = overrideOf(op);
    if (override !== false) overrides.set(op, override);
  }
  const included = [...overrides.keys()];
  const explicit = (op: ContractOperation) => {
    const override = overrides.get(op);
    const action = override?.action;
    if (action === undefined) return undefined;
    return { collection: override?.collection ?? collectionOf(op, action), action };
  };
  // A collection is a resource where items can be created (its POST) and read or changed (its
  // item path's GET, PUT, PATCH or DELETE), or where an override names it.
  const creatable = new Set(included.filter((op) => op.method === 'POST').map((op) => op.path));
  const collections = new Set<string>();
  for (const op of included) {
    const parent = parentOf(op.path);
    const named = explicit(op)?.collection;
    if (named !== undefined) collections.add(named);
    else if (parent !== undefined && creatable.has(parent) && itemActions[op.method] !== undefined)
      collections.add(parent);
  }
  const roleOf = (op: ContractOperation): Omit<Member, 'op' | 'idField'> | undefined => {
    const named = explicit(op);
    if (named !== undefined) return named;
    const parent = parentOf(op.path);
    const onItem = itemActions[op.method];
    if (parent !== undefined && collections.has(parent) && onItem !== undefined)
      return { collection: parent, action: onItem };
    const onCollection = collectionActions[op.method];
    if (collections.has(op.path) && onCollection !== undefined)
      return { collection: op.path, action: onCollection };
    return undefined;
  };
  const members = included.flatMap((op): Member[] => {
    const role = roleOf(op);
    return role === undefined ? [] : [{ op, ...role, idField: overrides.get(op)?.id }];
  });
  const roles = new Map<ContractOperation, ResourceRole>();
  for (const [collection, list] of Map.groupBy(members, (m) => m.collection)) {
    // Described when a request first reaches it: describing reads the operations' schemas,
    // which converts them (a contract's first request would convert every resource's).
    let resource: Resource | undefined;
    for (const { op, action } of list) {
      const byBody = op.path === collection && (action === 'replace' || action === 'merge');
      roles.set(op, {
        action,
        byBody,
        get resource() {
          return (resource ??= describe(collection, list));
        },
      });
    }
  }
  return roles;
}

function describe(collection: string, list: Member[]): Resource {
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

function idKindOf(schema: unknown): IdKind {
  if (isNumeric(schema)) return 'integer';
  return isNode(schema) && schema.format === 'uuid' ? 'uuid' : 'string';
}

function successSchema(op: ContractOperation | undefined): SchemaNode | undefined {
  if (op === undefined) return undefined;
  const schema = responseSchema(op, op.successStatus);
  return isNode(schema) ? schema : undefined;
}

// The collection an overridden operation names by its path: its parent for an item's action.
function collectionOf(op: ContractOperation, action: ResourceAction): string {
  const parent = parentOf(op.path);
  return parent !== undefined && action !== 'create' && action !== 'list' ? parent : op.path;
}

// `/todos` for `/todos/{id}`; undefined unless the path ends in a parameter under a literal.
function parentOf(path: string): string | undefined {
  const segments = path.split('/');
  const last = segments.at(-1) ?? '';
  const before = segments.at(-2) ?? '';
  if (!isParam(last) || before === '' || isParam(before)) return undefined;
  return segments.slice(0, -1).join('/');
}

function lastParam(path: string): string | undefined {
  const last = path.split('/').at(-1) ?? '';
  return isParam(last) ? last.slice(1, -1) : undefined;
}

function isParam(segment: string): boolean {
  return /^\{[^{}]+\}$/.test(segment);
}
