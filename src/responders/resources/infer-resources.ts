import type { ContractOperation } from '../../contract/contract-operation.ts';
import { pathIndexOf } from '../../contract/path-index.ts';
import { describeResource, parentOf, type Member, type Resource } from './describe-resource.ts';
import { overrideOf, type ResourceAction } from './resource-override.ts';

export type { IdKind, Resource } from './describe-resource.ts';

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

type Table = ReturnType<typeof roleTable>;
const tables = new WeakMap<readonly ContractOperation[], Table>();

function tableOf(operations: readonly ContractOperation[]): Table {
  let table = tables.get(operations);
  if (table === undefined) tables.set(operations, (table = roleTable(operations)));
  return table;
}

/**
 * What an operation does to a resource, if anything. A path ending in one parameter
 * (`/todos/{id}`) under a path ending in a literal (`/todos`) makes a resource where the
 * collection declares a POST (create) and the item path a GET, PUT, PATCH or DELETE; the
 * collection's GET lists. Anything else (`/orders/{id}/cancel`, `/pets/findByStatus`) is no
 * resource. An operation's `x-mock-resource` says otherwise: `false`, or `{ action, collection,
 * id }`. Worked out from the operation's own path and the paths beside it, once per operation:
 * a request looks at its resource's paths, not the contract's.
 *
 * @example
 * resourceRoleOf(contract.operations, getTodo); // { action: 'read', resource: { collection: '/todos', idField: 'id', ... } }
 */
export function resourceRoleOf(
  operations: readonly ContractOperation[],
  operation: ContractOperation,
): ResourceRole | undefined {
  return tableOf(operations).roleOf(operation);
}

/**
 * Whether any operation of the contract acts on a resource (the Plant Store's do not). Worked
 * out once per contract, with its index: the stateful mode asks at start-up.
 *
 * @example
 * hasResources(contract.operations); // false for the Plant Store
 */
export function hasResources(operations: readonly ContractOperation[]): boolean {
  return tableOf(operations).any();
}

/**
 * Every operation's role, for what reads the whole contract at load (fixtures).
 *
 * @example
 * resourceRoles(contract.operations).get(getTodo)?.resource.collection; // '/todos'
 */
export function resourceRoles(
  operations: readonly ContractOperation[],
): Map<ContractOperation, ResourceRole> {
  const table = tableOf(operations);
  const roles = new Map<ContractOperation, ResourceRole>();
  for (const op of operations) {
    const role = table.roleOf(op);
    if (role !== undefined) roles.set(op, role);
  }
  return roles;
}

// The roles of one operations list, each worked out when first asked for.
function roleTable(operations: readonly ContractOperation[]) {
  const index = pathIndexOf(operations);
  const included = (op: ContractOperation): boolean => overrideOf(op) !== false;
  const explicit = (op: ContractOperation) => {
    const override = overrideOf(op);
    const action = override === false ? undefined : override?.action;
    if (override === false || action === undefined) return undefined;
    return { collection: override?.collection ?? collectionOf(op, action), action };
  };
  // The collections overrides name, with the operations that name them.
  const named = Map.groupBy(
    index.carrying('x-mock-resource').filter((op) => explicit(op) !== undefined),
    (op) => explicit(op)?.collection ?? '',
  );
  const itemPaths = (collection: string): string[] =>
    index.under(collection).filter((path) => parentOf(path) === collection);
  const plain = (op: ContractOperation): boolean => included(op) && explicit(op) === undefined;
  // A collection is a resource where items can be created (its POST) and read or changed (its
  // item path's GET, PUT, PATCH or DELETE), or where an override names it.
  const collections = new Map<string, boolean>();
  const isCollection = (path: string): boolean => {
    let known = collections.get(path);
    if (known === undefined) {
      known =
        named.has(path) ||
        (index.at(path).some((op) => op.method === 'POST' && included(op)) &&
          itemPaths(path).some((item) =>
            index.at(item).some((op) => plain(op) && itemActions[op.method] !== undefined),
          ));
      collections.set(path, known);
    }
    return known;
  };
  const placeOf = (op: ContractOperation): Omit<Member, 'op' | 'idField'> | undefined => {
    if (!included(op)) return undefined;
    const given = explicit(op);
    if (given !== undefined) return given;
    const parent = parentOf(op.path);
    const onItem = itemActions[op.method];
    if (parent !== undefined && onItem !== undefined && isCollection(parent))
      return { collection: parent, action: onItem };
    const onCollection = collectionActions[op.method];
    if (onCollection !== undefined && isCollection(op.path))
      return { collection: op.path, action: onCollection };
    return undefined;
  };
  // A resource's members in document order: those that name it, those on its paths.
  const membersOf = (collection: string): Member[] => {
    const near = [collection, ...itemPaths(collection)].flatMap((path) => index.at(path));
    const ops = [...(named.get(collection) ?? []), ...near.filter(plain)]
      .filter((op) => placeOf(op)?.collection === collection)
      .sort((a, b) => index.orderOf(a) - index.orderOf(b));
    return ops.map((op) => {
      const override = overrideOf(op);
      const place = placeOf(op) as Omit<Member, 'op' | 'idField'>;
      return { op, ...place, idField: override === false ? undefined : override?.id };
    });
  };
  // Described when a request first reaches it: describing reads the members' schemas, which
  // converts them.
  const resources = new Map<string, Resource>();
  const resourceOf = (collection: string): Resource => {
    let resource = resources.get(collection);
    if (resource === undefined) {
      resource = describeResource(collection, membersOf(collection));
      resources.set(collection, resource);
    }
    return resource;
  };
  const roles = new Map<ContractOperation, ResourceRole | undefined>();
  let any: boolean | undefined;
  return {
    roleOf: (op: ContractOperation): ResourceRole | undefined => {
      if (roles.has(op)) return roles.get(op);
      const place = placeOf(op);
      const role =
        place === undefined
          ? undefined
          : {
              action: place.action,
              byBody:
                op.path === place.collection &&
                (place.action === 'replace' || place.action === 'merge'),
              get resource() {
                return resourceOf(place.collection);
              },
            };
      roles.set(op, role);
      return role;
    },
    any: (): boolean => {
      any ??=
        named.size > 0 || operations.some((op) => op.method === 'POST' && isCollection(op.path));
      return any;
    },
  };
}

// The collection an overridden operation names by its path: its parent for an item's action.
function collectionOf(op: ContractOperation, action: ResourceAction): string {
  const parent = parentOf(op.path);
  return parent !== undefined && action !== 'create' && action !== 'list' ? parent : op.path;
}
