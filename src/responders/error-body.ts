import type { ContractOperation } from '../contract/contract-operation.ts';
import { responseSchema } from '../validation/prism-engine.ts';
import { schemaProperties } from '../contract/schema-properties.ts';

const numberFields = new Set(['error', 'code', 'status', 'statuscode']);
const textFields = new Set(['message', 'detail', 'title', 'description', 'error']);

/**
 * An error body in the shape the contract declares for that status; `{error, message}` (the Plant
 * Store's `Error`) when the contract declares none or one without such fields.
 *
 * @example
 * errorBody(createPlant, 400, 'body/name: must be string'); // { error: 400, message: 'body/name: must be string' }
 */
export function errorBody(
  operation: ContractOperation | undefined,
  status: number,
  message: string,
): Record<string, unknown> {
  return shapedErrorBody(operation, status, message) ?? { error: status, message };
}

/**
 * The error body in the contract's shape for that status, or undefined when that shape has no
 * field for the status or the message (then the contract's own example says more).
 *
 * @example
 * shapedErrorBody(createTodo, 422, 'body/title: must be string'); // { code: 422, detail: 'body/title: must be string' }
 */
export function shapedErrorBody(
  operation: ContractOperation | undefined,
  status: number,
  message: string,
): Record<string, unknown> | undefined {
  const properties = operation && schemaProperties(responseSchema(operation, status));
  if (properties === undefined) return undefined;
  const body: Record<string, unknown> = {};
  for (const [name, type] of properties) {
    const key = name.toLowerCase();
    if (numberFields.has(key) && (type === 'integer' || type === 'number')) body[name] = status;
    else if (textFields.has(key) && type === 'string') body[name] = message;
  }
  return Object.keys(body).length === 0 ? undefined : body;
}
