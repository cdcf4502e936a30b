import type { ContractOperation } from './contract-operation.ts';
import { responseSchema } from './prism-engine.ts';
import { schemaProperties } from './schema-properties.ts';

const numberFields = new Set(['error', 'code', 'status', 'statuscode']);
const textFields = new Set(['message', 'detail', 'title', 'description', 'error']);

/**
 * An error body in the shape the contract declares for that status; `{error, message}` (the Plant
 * Store's `Error`) when the contract declares none.
 *
 * @example
 * errorBody(createPlant, 400, 'body/name: must be string'); // { error: 400, message: 'body/name: must be string' }
 */
export function errorBody(
  operation: ContractOperation | undefined,
  status: number,
  message: string,
): Record<string, unknown> {
  const properties = operation && schemaProperties(responseSchema(operation, status));
  if (properties === undefined) return { error: status, message };
  const body: Record<string, unknown> = {};
  for (const [name, type] of properties) {
    const key = name.toLowerCase();
    if (numberFields.has(key) && (type === 'integer' || type === 'number')) body[name] = status;
    else if (textFields.has(key) && type === 'string') body[name] = message;
  }
  return Object.keys(body).length === 0 ? { error: status, message } : body;
}
