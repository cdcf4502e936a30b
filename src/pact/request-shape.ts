import { createHash } from 'node:crypto';
import { isExactInteger } from '../parsing/exact-json.ts';

/** How deep a body's shape is read; deeper parts count as one value. */
const maxDepth = 32;

/**
 * What makes two requests the same case for a pact: the operation, the answered status, the
 * names of the query parameters and headers the pact keeps, and the body's shape (its field
 * names and value types, not its values). Two creates of different plants are one case; a
 * create with a tag and one without are two.
 *
 * @example
 * requestShape({ operation: 'createPlant', method: 'POST', status: 200, query: [], headers: [], body: { name: 'Fern' } });
 * // 'createPlant POST 200 q[] h[] {"name":string}'
 */
export function requestShape(parts: {
  operation: string;
  method: string;
  status: number;
  query: readonly string[];
  headers: readonly string[];
  body: unknown;
}): string {
  const names = (list: readonly string[]): string => [...list].sort().join(',');
  return `${parts.operation} ${parts.method} ${parts.status} q[${names(parts.query)}] h[${names(parts.headers)}] ${shapeOf(parts.body, 0)}`;
}

/**
 * A short, stable key for a shape: a pact V4 interaction's `key`.
 *
 * @example
 * shapeKey('createPlant POST 200 q[] h[] {name:string}'); // 16 hex digits
 */
export function shapeKey(shape: string): string {
  return createHash('sha256').update(shape).digest('hex').slice(0, 16);
}

function shapeOf(value: unknown, depth: number): string {
  if (value === null) return 'null';
  if (isExactInteger(value)) return 'number';
  if (depth >= maxDepth) return 'deep';
  if (Array.isArray(value)) {
    const items = [...new Set(value.map((item) => shapeOf(item, depth + 1)))].sort();
    return `[${items.join('|')}]`;
  }
  if (typeof value === 'object') {
    const fields = Object.entries(value as Record<string, unknown>)
      .map(([name, child]) => `${JSON.stringify(name)}:${shapeOf(child, depth + 1)}`)
      .sort();
    return `{${fields.join(',')}}`;
  }
  return typeof value;
}
