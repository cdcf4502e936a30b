/** A JSON schema as the resource code reads it (dereferenced, but for recursive refs). */
export type SchemaNode = Readonly<Record<string, unknown>>;

/**
 * The property schemas an object schema declares, `allOf` members included; empty when it
 * declares none.
 *
 * @example
 * propertySchemas({ allOf: [{ properties: { id: { type: 'integer' } } }] }).get('id'); // { type: 'integer' }
 */
export function propertySchemas(schema: unknown): Map<string, SchemaNode> {
  const found = new Map<string, SchemaNode>();
  const visit = (node: unknown, depth: number): void => {
    if (!isNode(node) || depth > 8) return;
    const properties = node.properties;
    if (isNode(properties)) {
      for (const [name, property] of Object.entries(properties)) {
        if (isNode(property) && !found.has(name)) found.set(name, property);
      }
    }
    if (Array.isArray(node.allOf)) for (const member of node.allOf) visit(member, depth + 1);
  };
  visit(schema, 0);
  return found;
}

/** The schema's `type` as one name (`['string', 'null']` is `string`). */
export function typeOf(schema: unknown): string | undefined {
  if (!isNode(schema)) return undefined;
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type))
    return type.find((t): t is string => typeof t === 'string' && t !== 'null');
  if (Array.isArray(schema.allOf)) {
    for (const member of schema.allOf) {
      const found = typeOf(member);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The schema of an array's items, when the schema is an array. */
export function itemsOf(schema: unknown): SchemaNode | undefined {
  if (!isNode(schema) || typeOf(schema) !== 'array') return undefined;
  return isNode(schema.items) ? schema.items : undefined;
}

/** The first property that is an array (a list's envelope: `{ items, total }`), and its items. */
export function arrayProperty(schema: unknown): [string, SchemaNode] | undefined {
  for (const [name, property] of propertySchemas(schema)) {
    const items = itemsOf(property);
    if (items !== undefined) return [name, items];
  }
  return undefined;
}

/** Whether the schema's type is a number (`integer` or `number`). */
export function isNumeric(schema: unknown): boolean {
  const type = typeOf(schema);
  return type === 'integer' || type === 'number';
}

export function isNode(value: unknown): value is SchemaNode {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
