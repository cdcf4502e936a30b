import { requiredProperties } from '../../contract/schema-properties.ts';
import { isNode, isNumeric, propertySchemas, typeOf, type SchemaNode } from './schema-fields.ts';

type Item = Record<string, unknown>;

/**
 * A stored item as the response schema shows it: the fields it declares (all of them where it
 * declares none), never a `writeOnly` one, and the required fields the item lacks from the
 * contract's own answer (`sample`: its example, else a sample of its schema).
 *
 * @example
 * shapedItem({ id: 1, title: 'Water', password: 'x' }, todoSchema, () => ({ id: 3, title: 'Repot', done: false }));
 * // { id: 1, title: 'Water', done: false }
 */
export function shapedItem(item: Item, schema: object | undefined, sample: () => unknown): Item {
  const properties = propertySchemas(schema);
  const body: Item = {};
  for (const [name, value] of Object.entries(item)) {
    const property = properties.get(name);
    if (properties.size > 0 && property === undefined) continue;
    if (property?.writeOnly === true) continue;
    defineField(body, name, value);
  }
  fillRequired(body, schema, sample);
  return body;
}

/**
 * Sets the required fields that `body` lacks from the contract's own answer (`sample`: its
 * example, else a sample of its schema), so that the answer still matches the contract.
 *
 * @example
 * fillRequired(body, plantSchema, () => ({ id: 3, name: 'Fern' })); // body.id is 3 where it had none
 */
export function fillRequired(body: Item, schema: object | undefined, sample: () => unknown): void {
  let from: Item | undefined;
  for (const name of requiredProperties(schema)) {
    if (Object.hasOwn(body, name)) continue;
    from ??= objectOr(sample());
    if (Object.hasOwn(from, name)) defineField(body, name, from[name]);
  }
}

/**
 * The item with the fields the server sets that the request left out: each required or
 * `readOnly` property with a `default`, `const` or `enum` takes the first of them (a `readOnly`
 * date-time the time of the write), and each other required one the contract's own answer's
 * value (`sample`).
 *
 * @example
 * withServerFields({ title: 'Water' }, todoSchema, () => ({})); // { title: 'Water', done: false, status: 'open' }
 */
export function withServerFields(
  item: Item,
  schema: object | undefined,
  sample: () => unknown,
): Item {
  const required = new Set(requiredProperties(schema));
  const filled = { ...item };
  let from: Item | undefined;
  for (const [name, property] of propertySchemas(schema)) {
    if (Object.hasOwn(filled, name) || (!required.has(name) && property.readOnly !== true))
      continue;
    const value =
      declaredValue(property) ??
      (property.format === 'date-time' && property.readOnly === true
        ? new Date().toISOString()
        : undefined);
    if (value !== undefined) defineField(filled, name, value);
    else if (required.has(name)) {
      from ??= objectOr(sample());
      if (Object.hasOwn(from, name)) defineField(filled, name, from[name]);
    }
  }
  return filled;
}

/**
 * A path value as the item field of that name holds it: a number or boolean where the field
 * is one.
 *
 * @example
 * typedField('7', { type: 'integer' }); // 7
 */
export function typedField(value: string, property: unknown): unknown {
  if (isNumeric(property) && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Number(value);
  }
  if (typeOf(property) === 'boolean' && (value === 'true' || value === 'false'))
    return value === 'true';
  return value;
}

function declaredValue(property: SchemaNode): unknown {
  if (property.default !== undefined) return property.default;
  if (property.const !== undefined) return property.const;
  return Array.isArray(property.enum) ? property.enum[0] : undefined;
}

function objectOr(value: unknown): Item {
  return isNode(value) ? value : {};
}

/** Sets a field as data: assigned, but defined where it is `__proto__`, which stays a field. */
export function defineField(body: Item, name: string, value: unknown): void {
  if (name === '__proto__')
    Object.defineProperty(body, name, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  else body[name] = value;
}
