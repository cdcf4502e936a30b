interface SchemaNode {
  properties?: Record<string, { type?: unknown }>;
  required?: unknown;
  allOf?: SchemaNode[];
}

interface Shape {
  /** Declared properties with their declared type; undefined when none are declared. */
  properties: Map<string, unknown> | undefined;
  required: readonly string[];
}

/**
 * The properties an object schema declares, `allOf` members included, with their declared type.
 * Undefined when the schema declares none (then any object shape passes).
 *
 * @example
 * schemaProperties({ allOf: [{ properties: { name: { type: 'string' } } }] }); // Map { 'name' => 'string' }
 */
export function schemaProperties(schema: object | undefined): Map<string, unknown> | undefined {
  return schema === undefined ? undefined : shapeOf(schema).properties;
}

/**
 * The properties an object schema requires, `allOf` members included.
 *
 * @example
 * requiredProperties({ required: ['id'], allOf: [{ required: ['title'] }] }); // ['id', 'title']
 */
export function requiredProperties(schema: object | undefined): readonly string[] {
  return schema === undefined ? [] : shapeOf(schema).required;
}

// Schemas do not change while they are served: each is walked once.
const known = new WeakMap<object, Shape>();

function shapeOf(schema: object): Shape {
  let shape = known.get(schema);
  if (shape === undefined) known.set(schema, (shape = collect(schema)));
  return shape;
}

function collect(schema: object): Shape {
  const properties = new Map<string, unknown>();
  const required = new Set<string>();
  const visit = (node: SchemaNode): void => {
    for (const [name, property] of Object.entries(node.properties ?? {})) {
      properties.set(name, property.type);
    }
    if (Array.isArray(node.required)) {
      for (const name of node.required) if (typeof name === 'string') required.add(name);
    }
    node.allOf?.forEach(visit);
  };
  visit(schema);
  return { properties: properties.size === 0 ? undefined : properties, required: [...required] };
}
