import { describe, expect, it } from 'vitest';
import type { adminBodySchemas } from '../../src/admin/admin-body-schemas.ts';
import * as compiled from '../../src/admin/compile-admin-body-checks.ts';
import * as generated from '../../src/admin/generated/admin-body-checks.ts';

// The admin API's body checks are ajv's code generated at build time
// (scripts/build-schema-checks.ts): they must decide, and word their errors, as ajv compiling
// the same schemas at run time does (as the admin API did, and the browser bundle still does:
// every problem listed, `format: regex`).

const pattern = { method: 'POST', path: '/plants', body: { matches: { name: 'Fern' } } };
const brokenPatterns = [
  { method: '', status: 700, colour: 'red' },
  { pathPattern: '(unclosed', body: { equalTo: 1, matches: 2 } },
  { headers: { accept: 1 }, valid: 'yes' },
];
const bodies: Record<keyof typeof adminBodySchemas, unknown[]> = {
  pattern: [pattern, {}, ...brokenPatterns, [], 'POST'],
  verify: [
    { pattern, times: { exactly: 1 } },
    { pattern: brokenPatterns[0], times: { atLeast: -1 } },
    { times: 2 },
    null,
  ],
  sequence: [{ patterns: [pattern, {}] }, { patterns: [] }, { patterns: brokenPatterns }, {}],
  stub: [
    { pattern, response: { status: 201, body: { id: 1 } } },
    { pattern, fault: 'unavailable', times: 1 },
    { pattern: { status: 200 }, response: { status: 99, body: 1, example: 'x' } },
    { pattern, fault: 'melt', delayMs: -5 },
    { response: { status: 200 } },
  ],
};

describe.each(Object.entries(bodies))('the generated %s check', (name, cases) => {
  const atRunTime = compiled[name as keyof typeof adminBodySchemas];
  const check = generated[name as keyof typeof adminBodySchemas] as typeof atRunTime;

  it.each(cases)('decides and words its errors as ajv does: %j', (body) => {
    expect(check(body)).toBe(atRunTime(body));
    expect(check.errors ?? null).toEqual(atRunTime.errors ?? null);
  });
});
