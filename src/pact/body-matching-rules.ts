import type { PactMatcher, PactRule } from './pact-document.ts';
import { isExactInteger } from '../parsing/exact-json.ts';

type Schema = Record<string, unknown>;

/** How deep a body is walked for rules; deeper parts are matched by the rule above them. */
const maxDepth = 32;

/**
 * Pact matching rules for a JSON body, from the contract's schema of it: each value is matched
 * by its type (integer and number where the schema says so), each array by the type of its items
 * with any length, so that a pact checks the shape the contract promises and pins no example
 * data. `root` is the document the schema's `$ref`s point into (the operation).
 *
 * @example
 * bodyMatchingRules({ name: 'Fern', ids: [1] }, plantSchema, operation);
 * // { '$.name': type, '$.ids': type with min 0, '$.ids[*]': integer }
 */
export function bodyMatchingRules(
  body: unknown,
  schema: unknown,
  root: unknown,
): Record<string, PactRule> {
  const rules: Record<string, PactRule> = {};
  walk(body, schema, '$', 0);
  return rules;

  function walk(value: unknown, rawSchema: unknown, path: string, depth: number): void {
    const schema = resolve(rawSchema, root, value);
    if (isExactInteger(value)) {
      set(path, { match: 'integer' });
      return;
    }
    if (Array.isArray(value)) {
      set(path, { match: 'type', min: 0 });
      if (depth >= maxDepth) return;
      const items = schema?.items;
      for (const item of value) walk(item, items, `${path}[*]`, depth + 1);
      return;
    }
    if (value !== null && typeof value === 'object') {
      if (depth >= maxDepth) {
        set(path, { match: 'type' });
        return;
      }
      const properties = propertiesOf(schema, root);
      for (const [name, child] of Object.entries(value)) {
        walk(child, properties[name], `${path}${member(name)}`, depth + 1);
      }
      return;
    }
    set(path, leafMatcher(value, schema));
  }

  // Items of an array share one path: the first item's rule stands, a later one only narrows
  // nothing (an integer beside a type rule keeps the type rule).
  function set(path: string, matcher: PactMatcher): void {
    const existing = rules[path];
    if (existing === undefined) rules[path] = { combine: 'AND', matchers: [matcher] };
    else if (existing.matchers[0]?.match !== matcher.match) {
      rules[path] = { combine: 'AND', matchers: [{ match: 'type' }] };
    }
  }
}

function leafMatcher(value: unknown, schema: Schema | undefined): PactMatcher {
  if (typeof value === 'number') {
    const types = typesOf(schema);
    if (Number.isInteger(value) && types.includes('integer') && !types.includes('number')) {
      return { match: 'integer' };
    }
    if (types.includes('number')) return { match: 'number' };
  }
  return { match: 'type' };
}

function typesOf(schema: Schema | undefined): unknown[] {
  const type = schema?.type;
  return Array.isArray(type) ? type : [type];
}

// Pact's path syntax: `.name` for plain names, `['odd name']` for the rest.
function member(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `['${name.replace(/['\\]/g, '\\$&')}']`;
}

/**
 * The schema itself, with its `$ref` followed (inside `root`), and of `oneOf`/`anyOf` the first
 * alternative that fits the value's kind.
 */
function resolve(raw: unknown, root: unknown, value: unknown): Schema | undefined {
  let schema = asSchema(raw);
  for (let hops = 0; schema !== undefined && hops < 16; hops++) {
    const ref = schema.$ref;
    if (typeof ref === 'string') {
      schema = asSchema(pointer(root, ref));
      continue;
    }
    const alternatives = schema.oneOf ?? schema.anyOf;
    if (Array.isArray(alternatives) && schema.type === undefined) {
      schema = alternatives
        .map((alternative) => resolve(alternative, root, value))
        .find((alternative) => fits(alternative, value));
      continue;
    }
    return schema;
  }
  return schema;
}

function fits(schema: Schema | undefined, value: unknown): boolean {
  const kind = Array.isArray(value)
    ? 'array'
    : value === null
      ? 'null'
      : isExactInteger(value)
        ? 'integer'
        : typeof value;
  const types = typesOf(schema);
  if (types[0] === undefined) return true;
  if (kind === 'number' || kind === 'integer') {
    return types.includes('number') || types.includes('integer');
  }
  return types.includes(kind);
}

// Properties of an object schema, with those of each `allOf` part.
function propertiesOf(schema: Schema | undefined, root: unknown): Record<string, unknown> {
  if (schema === undefined) return {};
  const own = asSchema(schema.properties) ?? {};
  const parts = Array.isArray(schema.allOf) ? schema.allOf : [];
  return Object.assign(
    {},
    ...parts.map((part) => propertiesOf(resolve(part, root, {}), root)),
    own,
  ) as Record<string, unknown>;
}

function asSchema(value: unknown): Schema | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Schema)
    : undefined;
}

// A local JSON pointer, `#/__bundled__/schema`.
function pointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node = root;
  for (const token of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
    node =
      asSchema(node)?.[key] ?? (Array.isArray(node) ? (node as unknown[])[Number(key)] : undefined);
  }
  return node;
}
