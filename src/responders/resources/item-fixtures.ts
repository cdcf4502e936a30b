import type { ContractOperation } from '../../contract/contract-operation.ts';
import type { Contract } from '../../contract/load-contract.ts';
import { formatViolations } from '../../contract/violation.ts';
import { validateResponse } from '../../validation/prism-engine.ts';
import { resourceRoles, type Resource } from './infer-resources.ts';
import type { FixtureItem, ItemFixtures } from './item-store.ts';
import { isNode } from './schema-fields.ts';

/**
 * The items a fixtures file seeds: in its object form, by collection path
 * (`{ "/todos": [...], "/customers/c1/orders": [...] }`); in its array form, the collection of
 * the contract's first create (a Plant Store file seeds no resource). Each item must have its
 * resource's id field and match the resource's read answer. Throws an Error that says which
 * entry is wrong.
 *
 * @example
 * itemFixturesOf({ '/todos': [{ id: 1, title: 'Water', done: false }] }, contract); // Map { '/todos' => [...] }
 */
export function itemFixturesOf(parsed: unknown, contract: Contract): ItemFixtures {
  const roles = resourceRoles(contract.operations);
  const resources = [...new Set([...roles.values()].map((role) => role.resource))];
  const fixtures = new Map<string, FixtureItem[]>();
  if (Array.isArray(parsed)) {
    const create = firstCreate(contract);
    const resource = create === undefined ? undefined : roles.get(create)?.resource;
    if (resource === undefined || resource.parentParams.length > 0) return fixtures;
    fixtures.set(resource.collection, itemsOf(parsed, resource, contract, resource.collection));
    return fixtures;
  }
  if (resources.length === 0) {
    throw new Error(
      'the file must hold a JSON array of plants: the contract has no resource whose collections an object of items by path could seed',
    );
  }
  for (const [path, items] of Object.entries(parsed as Record<string, unknown>)) {
    const resource = resources.find((r) => templateOf(r.collection).test(path));
    if (resource === undefined) {
      const known = resources.map((r) => r.collection).join(', ') || 'none';
      throw new Error(
        `"${path}" is no collection of the contract's resources (${known}). Make sure each key is a collection's path, its parents' ids filled in`,
      );
    }
    if (!Array.isArray(items)) throw new Error(`"${path}" must hold an array of items`);
    fixtures.set(path, itemsOf(items, resource, contract, path));
  }
  return fixtures;
}

/**
 * The contract's first create-like operation: a POST with a JSON body, which an array of
 * fixtures seeds.
 *
 * @example
 * firstCreate(contract)?.operationId; // 'createPlant'
 */
export function firstCreate(contract: Contract): ContractOperation | undefined {
  return contract.operations.find(
    (op) => op.method === 'POST' && op.requestMediaTypes.some((t) => t.includes('json')),
  );
}

function itemsOf(
  items: unknown[],
  resource: Resource,
  contract: Contract,
  path: string,
): FixtureItem[] {
  const read = contract.operations.find(
    (op) =>
      resourceRoles(contract.operations).get(op)?.resource === resource &&
      op.method === 'GET' &&
      op.path !== resource.collection,
  );
  return items.map((item, index) => {
    const where = `"${path}" entry ${index}`;
    if (!isNode(item) || item[resource.idField] === undefined) {
      throw new Error(`${where} must be an object with an ${resource.idField}`);
    }
    if (read !== undefined) {
      const violations = validateResponse(read, {
        status: read.successStatus,
        headers: { 'content-type': 'application/json' },
        body: item,
      });
      if (violations.length > 0) {
        throw new Error(
          `${where} does not match ${read.operationId}'s answer: ${formatViolations(violations)}`,
        );
      }
    }
    return { id: item[resource.idField], json: JSON.stringify(item) };
  });
}

// A collection's template as a pattern of its paths: each parent's id one path segment.
function templateOf(collection: string): RegExp {
  const pattern = collection
    .split(/\{[^{}]+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${pattern}$`);
}
