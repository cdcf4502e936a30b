import type { ContractOperation } from '../../contract/contract-operation.ts';
import { isNode } from './schema-fields.ts';

const actions = ['create', 'list', 'read', 'replace', 'merge', 'delete'] as const;
/** What an operation does to its resource. */
export type ResourceAction = (typeof actions)[number];

/** The `x-mock-resource` extension of an operation: `false`, or the role it plays. */
export interface Override {
  action?: ResourceAction | undefined;
  collection?: string | undefined;
  id?: string | undefined;
}

/**
 * An operation's `x-mock-resource`: `false` (or `none`) keeps it out of any resource; an action
 * (`read`, or `{ action: read, collection: /todos, id: todoId }`) says the role it plays; `id`
 * alone names the item field that holds the id. Anything else is no override.
 *
 * @example
 * overrideOf(op); // { action: 'create', collection: undefined, id: undefined }
 */
export function overrideOf(op: ContractOperation): Override | false | undefined {
  const value = op.extensions['x-mock-resource'];
  if (value === false || value === 'none') return false;
  const given = typeof value === 'string' ? { action: value } : isNode(value) ? value : {};
  const action = actions.find((a) => a === given.action);
  const text = (field: unknown) => (typeof field === 'string' ? field : undefined);
  if (action === undefined && given.id === undefined) return undefined;
  return { action, collection: text(given.collection), id: text(given.id) };
}
