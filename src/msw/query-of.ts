import type { ParsedUrlQuery } from 'node:querystring';

/**
 * A URL's query as Node's `querystring.parse` gives it (a repeated name holds an array), read with
 * `URLSearchParams` so that the handlers need no Node module in the browser.
 *
 * @example
 * queryOf('?tag=a&tag=b&q=x'); // { tag: ['a', 'b'], q: 'x' }
 */
export function queryOf(search: string): ParsedUrlQuery {
  const query: ParsedUrlQuery = Object.create(null) as ParsedUrlQuery;
  for (const [name, value] of new URLSearchParams(search)) {
    const held = query[name];
    query[name] =
      held === undefined ? value : Array.isArray(held) ? [...held, value] : [held, value];
  }
  return query;
}
