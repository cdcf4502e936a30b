import { isDeepStrictEqual } from 'node:util';
import {
  compileLinearRegex,
  UnsupportedPatternError,
  type LinearRegex,
} from '../parsing/linear-regex.ts';
import { isExactInteger } from '../parsing/exact-json.ts';
import type { Interaction } from './interaction.ts';

/** Which recorded requests to count, find or verify. Every given field must match. */
export interface RequestPattern {
  method?: string;
  /** Exact path, e.g. `/plants`. */
  path?: string;
  /** Regular expression the whole path must match, e.g. `/plants(/.*)?`. */
  pathPattern?: string;
  operationId?: string;
  /** The status the mock answered with. */
  status?: number;
  /** The contract's verdict on the request. */
  valid?: boolean;
  /** Header name (any case) to exact value, as recorded: `authorization` as its scheme only, secrets as `[redacted]`. */
  headers?: Record<string, string>;
  /**
   * `equalTo`: the body deep-equals; `matches`: every given field is present and equal (a JSON
   * subset). Integers past 2^53 compare exactly, digit for digit.
   */
  body?: { equalTo: unknown } | { matches: unknown };
}

/** JSON Schema of a request pattern, for the admin API to check what it is sent. */
export const requestPatternSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    method: { type: 'string', minLength: 1 },
    path: { type: 'string' },
    pathPattern: { type: 'string', format: 'regex' },
    operationId: { type: 'string' },
    status: { type: 'integer', minimum: 100, maximum: 599 },
    valid: { type: 'boolean' },
    headers: { type: 'object', additionalProperties: { type: 'string' } },
    body: {
      oneOf: [
        {
          type: 'object',
          required: ['equalTo'],
          additionalProperties: false,
          properties: { equalTo: {} },
        },
        {
          type: 'object',
          required: ['matches'],
          additionalProperties: false,
          properties: { matches: {} },
        },
      ],
    },
  },
} as const;

/**
 * Compiles a pattern once into a function that lists how an interaction differs from it
 * (an empty list: it matches).
 *
 * @example
 * const differences = compilePattern({ method: 'POST', body: { matches: { name: 'Fern' } } });
 * differences(interaction); // ['body.name: expected "Fern", got "Ivy"']
 */
export function compilePattern(pattern: RequestPattern): (entry: Interaction) => string[] {
  const pathRegex =
    pattern.pathPattern === undefined ? undefined : compilePathPattern(pattern.pathPattern);
  const headers = Object.entries(pattern.headers ?? {}).map(
    ([name, value]) => [name.toLowerCase(), value] as const,
  );
  return (entry) => {
    const found: string[] = [];
    const { request } = entry;
    if (pattern.method !== undefined && pattern.method.toUpperCase() !== request.method) {
      found.push(`method: expected ${pattern.method.toUpperCase()}, got ${request.method}`);
    }
    if (pattern.path !== undefined && pattern.path !== request.path) {
      found.push(`path: expected ${pattern.path}, got ${request.path}`);
    }
    if (pathRegex !== undefined && !pathRegex.test(request.path)) {
      found.push(`path: expected to match /${pattern.pathPattern ?? ''}/, got ${request.path}`);
    }
    if (pattern.operationId !== undefined && pattern.operationId !== entry.operationId) {
      found.push(
        `operationId: expected ${pattern.operationId}, got ${entry.operationId ?? 'none'}`,
      );
    }
    if (pattern.status !== undefined && pattern.status !== entry.response.status) {
      found.push(`status: expected ${pattern.status}, got ${entry.response.status}`);
    }
    if (pattern.valid !== undefined && pattern.valid !== entry.contract.request.valid) {
      found.push(`valid: expected ${pattern.valid}, got ${entry.contract.request.valid}`);
    }
    for (const [name, value] of headers) {
      const actual = request.headers[name];
      if (actual !== value)
        found.push(
          `headers.${name}: expected ${JSON.stringify(value)}, got ${JSON.stringify(actual ?? null)}`,
        );
    }
    if (pattern.body !== undefined) {
      if ('equalTo' in pattern.body) {
        if (!isDeepStrictEqual(pattern.body.equalTo, request.body)) {
          found.push(
            `body: expected ${JSON.stringify(pattern.body.equalTo)}, got ${JSON.stringify(request.body)}`,
          );
        }
      } else {
        subsetDifferences(pattern.body.matches, request.body, 'body', found);
      }
    }
    return found;
  };
}

/**
 * Compiles a `pathPattern` that the whole path must match, in linear time whatever the pattern
 * (see compileLinearRegex); throws UnsupportedPatternError naming the user's pattern.
 *
 * @example
 * compilePathPattern('/plants/(a+)+').test('/plants/' + 'a'.repeat(32) + '!'); // false, at once
 */
export function compilePathPattern(pathPattern: string): LinearRegex {
  try {
    return compileLinearRegex(`^(?:${pathPattern})$`);
  } catch (error) {
    if (!(error instanceof UnsupportedPatternError)) throw error;
    throw new UnsupportedPatternError(pathPattern, error.reason, { cause: error });
  }
}

function subsetDifferences(expected: unknown, actual: unknown, at: string, found: string[]): void {
  // An integer past 2^53 is a JSON.rawJSON value on either side: equal when its digits are.
  if (isExactInteger(expected) || isExactInteger(actual)) {
    if (JSON.stringify(expected) !== JSON.stringify(actual ?? null))
      found.push(
        `${at}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual ?? null)}`,
      );
    return;
  }
  if (expected !== null && typeof expected === 'object') {
    if (
      actual === null ||
      typeof actual !== 'object' ||
      Array.isArray(expected) !== Array.isArray(actual)
    ) {
      found.push(
        `${at}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual ?? null)}`,
      );
      return;
    }
    if (Array.isArray(expected) && Array.isArray(actual) && expected.length !== actual.length) {
      found.push(`${at}: expected ${expected.length} items, got ${actual.length}`);
      return;
    }
    for (const [key, value] of Object.entries(expected)) {
      const present = Object.prototype.hasOwnProperty.call(actual, key);
      const child = present ? (actual as Record<string, unknown>)[key] : undefined;
      if (!present) found.push(`${at}.${key}: expected ${JSON.stringify(value)}, got nothing`);
      else subsetDifferences(value, child, `${at}.${key}`, found);
    }
    return;
  }
  if (!Object.is(expected, actual)) {
    found.push(
      `${at}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual ?? null)}`,
    );
  }
}
