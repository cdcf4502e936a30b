/** What one cell of the bench sends, and the one status every answer should have. */
export interface RequestKind {
  name: 'valid' | 'invalid' | 'unauthorized';
  /** What the table calls it. */
  label: string;
  headers: Record<string, string>;
  /** The body, or a function that makes a fresh one for every request. */
  body: string | (() => string);
  expectedStatus: (status: number) => boolean;
  expected: string;
}

const json = { 'content-type': 'application/json', accept: 'application/json' };
const authorized = { ...json, authorization: 'Bearer bench-token' };

// One counter for the whole run: the stateful store answers 400 to an id it has seen, and each
// server runs every cell, so the ids must never repeat across cells either.
let lastId = 0;

/**
 * The next plant id, never used before in this run.
 *
 * @example
 * const body = JSON.stringify({ id: nextPlantId(), name: 'Monstera' });
 */
export function nextPlantId(): number {
  lastId += 1;
  return lastId;
}

/** A NewPlant the contract accepts, with a fresh id. */
export function validPlantBody(): string {
  return JSON.stringify({ id: nextPlantId(), name: 'Monstera', tag: 'tropical' });
}

/** The request headers of a valid create. */
export const validHeaders: Readonly<Record<string, string>> = authorized;

/** Creates the contract accepts, each with a fresh id. */
export const validCreate: RequestKind = {
  name: 'valid',
  label: 'valid create',
  headers: authorized,
  body: validPlantBody,
  expectedStatus: (status) => status >= 200 && status < 300,
  expected: '2xx',
};

/** The three kinds, in the order the bench runs them. */
export const requestKinds: readonly RequestKind[] = [
  validCreate,
  {
    name: 'invalid',
    label: 'invalid create',
    headers: authorized,
    body: '{"id":"x"}',
    expectedStatus: (status) => status === 400,
    expected: '400',
  },
  {
    name: 'unauthorized',
    label: 'no token',
    headers: json,
    // The token check comes first, so the id never reaches a store.
    body: '{"id":1,"name":"Monstera"}',
    expectedStatus: (status) => status === 401,
    expected: '401',
  },
];
