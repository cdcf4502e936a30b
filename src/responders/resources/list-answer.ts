import type { ContractOperation } from '../../contract/contract-operation.ts';
import { defineField, fillRequired, shapedItem } from './item-shape.ts';
import {
  arrayProperty,
  isNode,
  isNumeric,
  itemsOf,
  propertySchemas,
  type SchemaNode,
} from './schema-fields.ts';

type Item = Record<string, unknown>;
type Query = Record<string, string | string[]>;

const sizeNames = ['limit', 'per_page', 'perPage', 'pageSize', 'page_size', 'size'];
const pagingNames = new Set([...sizeNames, 'offset', 'page']);
const totalName = /^(total|count|total_?count|total_?items|total_?elements|total_?results)$/i;
const pagesName = /^(total_?pages|pages|page_?count)$/i;

/**
 * A list answer: the items that the query's fields match (`?status=open` where items have a
 * `status`; `?tags=a&tags=b` where they have a `tag`: either value), paged by the list's declared `limit`/`offset`/`page` parameters, as the response
 * schema has it: the array itself, or inside its envelope (`{ items, total }` and the like) with
 * the envelope's count and paging fields filled in.
 */
export function listBody(
  operation: ContractOperation,
  items: readonly Item[],
  query: Query,
  schema: object | undefined,
  sample: () => unknown,
): unknown {
  const direct = itemsOf(schema);
  const envelope = arrayProperty(schema);
  const itemSchema = direct ?? envelope?.[1];
  const fields = propertySchemas(itemSchema);
  const matching = items.filter((item) =>
    Object.entries(query).every(([name, wanted]) => {
      const field = pagingNames.has(name) ? undefined : fieldNamed(name, fields);
      return field === undefined || matches(item[field], [wanted].flat());
    }),
  );
  const paging = pagingOf(operation, query);
  const end = paging.size === undefined ? undefined : paging.offset + paging.size;
  const page = matching.slice(paging.offset, end);
  // The contract's own first item: of its sampled list, or of the list in its sampled envelope.
  const itemSample = (): unknown => {
    const from = sample();
    const list =
      direct !== undefined ? from : envelope && isNode(from) ? from[envelope[0]] : undefined;
    return Array.isArray(list) ? list[0] : undefined;
  };
  const shaped = page.map((item) => shapedItem(item, itemSchema, itemSample));
  if (direct !== undefined || envelope === undefined) return shaped;
  const body: Item = {};
  defineField(body, envelope[0], shaped);
  for (const [name, property] of propertySchemas(schema)) {
    if (name === envelope[0] || !isNumeric(property)) continue;
    const value = countFor(name, matching.length, paging);
    if (value !== undefined) defineField(body, name, value);
  }
  fillRequired(body, schema, sample);
  return body;
}

interface Paging {
  offset: number;
  size: number | undefined;
  page: number | undefined;
}

// Only the paging parameters the list operation declares page it; a declared default counts.
function pagingOf(operation: ContractOperation, query: Query): Paging {
  const declared = new Map(
    (operation.resource.request?.query ?? []).map((p) => [p.name, p.schema] as const),
  );
  const valueOf = (name: string): number | undefined => {
    if (!declared.has(name)) return undefined;
    const raw = [query[name]].flat()[0];
    const given = raw === undefined ? undefined : Number(raw);
    const fallback = (declared.get(name) as SchemaNode | undefined)?.default;
    const value = given ?? (typeof fallback === 'number' ? fallback : undefined);
    return value !== undefined && Number.isInteger(value) && value >= 0 ? value : undefined;
  };
  const size = sizeNames.map(valueOf).find((v) => v !== undefined);
  const page = valueOf('page');
  const first = (declared.get('page') as SchemaNode | undefined)?.minimum === 0 ? 0 : 1;
  const offset =
    valueOf('offset') ??
    (page !== undefined && size !== undefined ? Math.max(0, page - first) * size : 0);
  return { offset, size, page };
}

function countFor(name: string, total: number, paging: Paging): number | undefined {
  if (totalName.test(name)) return total;
  if (pagesName.test(name)) return paging.size ? Math.ceil(total / paging.size) : 1;
  if (name === 'offset') return paging.offset;
  if (name === 'page') return paging.page;
  if (sizeNames.includes(name)) return paging.size;
  return undefined;
}

// The item field a query parameter names: itself, else its singular (`tags` for `tag`).
function fieldNamed(name: string, fields: ReadonlyMap<string, unknown>): string | undefined {
  return [name, name.replace(/s$/, ''), name.replace(/es$/, '')].find((n) => fields.has(n));
}

function matches(value: unknown, wanted: readonly string[]): boolean {
  const values = Array.isArray(value) ? value : [value];
  return values.some((v) =>
    wanted.some((w) => String(v) === w || w.split(',').includes(String(v))),
  );
}
