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
    // `equalTo` or `matches`, alone.
    body: {
      oneOf: (['equalTo', 'matches'] as const).map((name) => ({
        type: 'object',
        required: [name],
        additionalProperties: false,
        properties: { [name]: {} },
      })),
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
  type Check = (entry: Interaction, found: string[]) => void;
  type Scalar = string | number | boolean;
  // A given field the entry must equal; `none` stands for an entry's null (no operation).
  const equals =
    (name: string, expected: Scalar, actualOf: (entry: Interaction) => Scalar | null): Check =>
    (entry, found) => {
      const actual = actualOf(entry);
      if (actual !== expected) found.push(`${name}: expected ${expected}, got ${actual ?? 'none'}`);
    };
  const { method, path, pathPattern, operationId, status, valid, headers, body } = pattern;
  const pathRegex = pathPattern === undefined ? undefined : compilePathPattern(pathPattern);
  const checks: (Check | false)[] = [
    method !== undefined && equals('method', method.toUpperCase(), (e) => e.request.method),
    path !== undefined && equals('path', path, (e) => e.request.path),
    pathRegex !== undefined &&
      (({ request }, found) => {
        if (!pathRegex.test(request.path))
          found.push(`path: expected to match /${pathPattern ?? ''}/, got ${request.path}`);
      }),
    operationId !== undefined && equals('operationId', operationId, (e) => e.operationId),
    status !== undefined && equals('status', status, (e) => e.response.status),
    valid !== undefined && equals('valid', valid, (e) => e.contract.request.valid),
    ...Object.entries(headers ?? {}).map(([given, value]): Check => {
      const name = given.toLowerCase();
      return ({ request }, found) => {
        const actual = request.headers[name];
        if (actual !== value) found.push(mismatch(`headers.${name}`, value, actual));
      };
    }),
    body !== undefined &&
      (({ request }, found) => {
        if (!('equalTo' in body)) subsetDifferences(body.matches, request.body, 'body', found);
        else if (!isDeepStrictEqual(body.equalTo, request.body))
          found.push(
            `body: expected ${JSON.stringify(body.equalTo)}, got ${JSON.stringify(request.body)}`,
          );
      }),
  ];
  const given = checks.filter((check) => check !== false);
  return (entry) => {
    const found: string[] = [];
    for (const check of given) check(entry, found);
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
      found.push(mismatch(at, expected, actual));
  } else if (expected === null || typeof expected !== 'object') {
    if (!Object.is(expected, actual)) found.push(mismatch(at, expected, actual));
  } else if (
    actual === null ||
    typeof actual !== 'object' ||
    Array.isArray(expected) !== Array.isArray(actual)
  ) {
    found.push(mismatch(at, expected, actual));
  } else if (
    Array.isArray(expected) &&
    Array.isArray(actual) &&
    expected.length !== actual.length
  ) {
    found.push(`${at}: expected ${expected.length} items, got ${actual.length}`);
  } else {
    for (const [key, value] of Object.entries(expected)) {
      if (!Object.hasOwn(actual, key))
        found.push(`${at}.${key}: expected ${JSON.stringify(value)}, got nothing`);
      else
        subsetDifferences(value, (actual as Record<string, unknown>)[key], `${at}.${key}`, found);
    }
  }
}

function mismatch(at: string, expected: unknown, actual: unknown): string {
  return `${at}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual ?? null)}`;
}
