interface SchemaNode {
  properties?: Record<string, { type?: unknown }>;
  required?: unknown;
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

/**
 * The properties an object schema requires, `allOf` members included.
 *
 * @example
 * requiredProperties({ required: ['id'], allOf: [{ required: ['title'] }] }); // ['id', 'title']
 */
export function requiredProperties(schema: object | undefined): readonly string[] {
  if (schema === undefined) return [];
  let names = required.get(schema);
  if (names === undefined) {
    const found = new Set<string>();
    const visit = (node: SchemaNode): void => {
      if (Array.isArray(node.required)) {
        for (const name of node.required) if (typeof name === 'string') found.add(name);
      }
      node.allOf?.forEach(visit);
    };
    visit(schema);
    required.set(schema, (names = [...found]));
  }
  return names;
}

const required = new WeakMap<object, readonly string[]>();
