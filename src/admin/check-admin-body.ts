import type { ErrorObject } from 'ajv';
import { UnsupportedPatternError } from '../parsing/linear-regex.ts';
import { HttpError } from '../errors.ts';
import { compilePathPattern, type RequestPattern } from '../interactions/request-pattern.ts';
import type { Times } from '../interactions/verify-requests.ts';
import type { StubDefinition } from '../responders/stubs/stub.ts';
import * as generated from './generated/admin-body-checks.ts';

type Check<T> = ((value: unknown) => value is T) & { errors?: ErrorObject[] | null };

// Compiled by ajv at build time (adminBodySchemas): compiling them on the first admin call took
// longer than the call (docs/design.md#start-up).
const checkPattern = generated.pattern as Check<RequestPattern>;
const checkVerify = generated.verify as Check<{ pattern: RequestPattern; times?: Times }>;
const checkSequence = generated.sequence as Check<{ patterns: RequestPattern[] }>;
const checkStub = generated.stub as Check<StubDefinition>;

/** Checks an admin request body, refusing a malformed one with 400 and every problem found. */
export const checkAdminBody = {
  pattern: (body: unknown) =>
    withRunnablePaths(checked(checkPattern, body ?? {}, 'a request pattern'), (b) => [b]),
  verify: (body: unknown) =>
    withRunnablePaths(checked(checkVerify, body, '{"pattern": {...}, "times": {...}}'), (b) => [
      b.pattern,
    ]),
  stub: (body: unknown) =>
    withRunnablePaths(
      checked(
        checkStub,
        body,
        'a stub: {"pattern": {...}, "response": {"status", "body"|"example"|"dynamic"}}',
      ),
      (b) => [b.pattern],
    ),
  sequence: (body: unknown) =>
    withRunnablePaths(
      checked(checkSequence, body, '{"patterns": [{...}, ...]}'),
      (b) => b.patterns,
    ),
};

// Refuses a pathPattern that the linear-time engine cannot run, naming why, before anything is
// stored or searched.
function withRunnablePaths<T>(body: T, patternsOf: (body: T) => RequestPattern[]): T {
  for (const { pathPattern } of patternsOf(body)) {
    if (pathPattern === undefined) continue;
    try {
      compilePathPattern(pathPattern);
    } catch (error) {
      if (!(error instanceof UnsupportedPatternError)) throw error;
      throw new HttpError(
        'INVALID_ADMIN_REQUEST',
        `Failed to read the admin request: pathPattern ${JSON.stringify(pathPattern)} ${error.reason}, which the mock's linear-time regex engine (RE2) cannot run. Make sure to write it without lookahead or backreferences, with repeat counts up to 1000.`,
        { cause: error },
      );
    }
  }
  return body;
}

function checked<T>(validate: Check<T>, body: unknown, shape: string): T {
  if (validate(body)) return body;
  const problems = (validate.errors ?? []).map(
    (e) => `${e.instancePath || '(body)'} ${e.message ?? 'is invalid'}`,
  );
  throw new HttpError(
    'INVALID_ADMIN_REQUEST',
    `Failed to read the admin request: ${[...new Set(problems)].join('; ')}. Make sure to send ${shape}.`,
  );
}
