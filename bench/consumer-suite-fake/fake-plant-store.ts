// A hand-written fake of the Plant Store for the example consumer suite, as a team would write
// one instead of a mock server: fetch answers POST /plants from a Set of ids, remembers what it
// saw, and fails on demand. bench/consumer-suite-cost.ts runs the suite against it.
import { expect } from 'vitest';

interface Seen {
  method: string;
  path: string;
  body: unknown;
  status: number;
}
interface Pattern {
  method?: string;
  path?: string;
  status?: number;
  body?: { matches: Record<string, unknown> };
}

const seen: Seen[] = [];
const ids = new Set<unknown>();
let unavailableLeft = 0;

function json(status: number, body: unknown): Response {
  return Response.json(body, { status });
}

function answer(method: string, path: string, plant: Record<string, unknown>): Response {
  if (method !== 'POST' || path !== '/plants')
    return json(404, { error: 404, message: 'Not Found' });
  if (unavailableLeft > 0) {
    unavailableLeft -= 1;
    return json(503, { error: 503, message: 'Service Unavailable' });
  }
  if (ids.has(plant.id)) return json(400, { error: 400, message: 'The plant exists already.' });
  ids.add(plant.id);
  const { name, tag } = plant;
  return json(200, tag === undefined ? { name } : { name, tag });
}

/** What the suite's fetch calls get: the fake's answer, remembered. */
export function fakeFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const method = init?.method ?? 'GET';
  const path = new URL(input instanceof Request ? input.url : input).pathname;
  const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<
    string,
    unknown
  >;
  const response = answer(method, path, body);
  seen.push({ method, path, body, status: response.status });
  return Promise.resolve(response);
}

const matches = (entry: Seen, pattern: Pattern): boolean =>
  (pattern.method === undefined || entry.method === pattern.method) &&
  (pattern.path === undefined || entry.path === pattern.path) &&
  (pattern.status === undefined || entry.status === pattern.status) &&
  Object.entries(pattern.body?.matches ?? {}).every(
    ([name, value]) => (entry.body as Record<string, unknown>)[name] === value,
  );

expect.extend({
  toHaveReceived(_fake: unknown, pattern: Pattern, { exactly }: { exactly: number }) {
    const count = seen.filter((entry) => matches(entry, pattern)).length;
    return {
      pass: count === exactly,
      message: () => `expected ${exactly} requests like ${JSON.stringify(pattern)}, saw ${count}`,
    };
  },
});

/** The part of `plant-store-mock/vitest`'s session the suite uses, over the fake. */
export function useMockSession() {
  return {
    baseUrl: 'http://plant-store.fake',
    reset(): Promise<void> {
      seen.length = 0;
      ids.clear();
      unavailableLeft = 0;
      return Promise.resolve();
    },
    stub(stub: { fault: 'unavailable'; times: number }): Promise<void> {
      unavailableLeft += stub.times;
      return Promise.resolve();
    },
  };
}

/** No pact from a fake: it knows no contract. */
export function writePactAfterAll(): void {}
