interface SchemaNode {
  properties?: Record<string, { type?: unknown }>;
  allOf?: SchemaNode[];
}

/**
 * The properties an object schema declares, `allOf` members included, with their declared type.
 * Undefined when the schema declares none (then any object shape passes).
 *
 * @example
 * schemaProperties({ allOf: [{ properties: { name: { type: 'string' } } }] }); // Map { 'name' => 'string' }
 */
export function schemaProperties(schema: object | undefined): Map<string, unknown> | undefined {
  if (schema === undefined) return undefined;
  if (!known.has(schema)) known.set(schema, collect(schema));
  return known.get(schema);
}

// Schemas do not change while they are served: each is walked once.
const known = new WeakMap<object, Map<string, unknown> | undefined>();

function collect(schema: object): Map<string, unknown> | undefined {
  const found = new Map<string, unknown>();
  const visit = (node: SchemaNode): void => {
    for (const [name, property] of Object.entries(node.properties ?? {})) {
      found.set(name, property.type);
    }
    node.allOf?.forEach(visit);
  };
  visit(schema);
  return found.size === 0 ? undefined : found;
}
