import type { Resource } from './infer-resources.ts';

/**
 * The values of a request path's whole-segment parameters, by the template's names, decoded.
 *
 * @example
 * pathValues('/customers/{customerId}/orders', '/customers/c1/orders'); // { customerId: 'c1' }
 */
export function pathValues(template: string, path: string): Record<string, string> {
  const names = template.split('/');
  const values = path.replace(/\/$/, '').split('/');
  const found: Record<string, string> = {};
  names.forEach((name, index) => {
    const value = values[index];
    if (!/^\{[^{}]+\}$/.test(name) || value === undefined) return;
    try {
      found[name.slice(1, -1)] = decodeURIComponent(value);
    } catch {
      found[name.slice(1, -1)] = value;
    }
  });
  return found;
}

/**
 * The path of the collection an item belongs to, its parents' ids filled in (each encoded, so
 * that the path names one collection whatever the ids hold).
 *
 * @example
 * collectionPath(orders, { customerId: 'c 1' }); // '/customers/c%201/orders'
 */
export function collectionPath(resource: Resource, values: Record<string, string>): string {
  return resource.collection.replace(/\{([^{}]+)\}/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? ''),
  );
}

/**
 * A path parameter's value as the item field holds it: a number where the field is an integer.
 *
 * @example
 * typedId('42', 'integer'); // 42
 */
export function typedId(value: string, kind: Resource['idKind']): unknown {
  if (kind === 'integer' && /^-?\d+$/.test(value) && Number.isSafeInteger(Number(value))) {
    return Number(value);
  }
  return value;
}
