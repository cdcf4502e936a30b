import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { UnsupportedPatternError } from '../parsing/linear-regex.ts';
import { HttpError } from '../errors.ts';
import {
  compilePathPattern,
  requestPatternSchema,
  type RequestPattern,
} from '../interactions/request-pattern.ts';
import { timesSchema, type Times } from '../interactions/verify-requests.ts';
import type { StubDefinition } from '../responders/stubs/stub.ts';
import { stubDefinitionSchema } from '../responders/stubs/stub-schema.ts';

type Check<T> = ((value: unknown) => value is T) & { errors?: ErrorObject[] | null };

let ajv: Ajv | undefined;

// Compiled by prepareAdminChecks when the admin API is set up, so that no admin call waits for
// them, or on first use by code that skipped it.
function lazily<T>(schema: object): () => Check<T> {
  let check: Check<T> | undefined;
  return () => {
    if (ajv === undefined) {
      ajv = new Ajv({ allErrors: true });
      addFormats.default(ajv, ['regex']);
    }
    check ??= ajv.compile<T>(schema);
    return check;
  };
}

/** The body of POST /__admin/verify, `pattern` being a request pattern's schema or a reference. */
export const verifyBodySchema = (pattern: object) => ({
  type: 'object',
  required: ['pattern'],
  additionalProperties: false,
  properties: { pattern, times: timesSchema },
});

/** The body of POST /__admin/verify/sequence (see verifyBodySchema). */
export const sequenceBodySchema = (pattern: object) => ({
  type: 'object',
  required: ['patterns'],
  additionalProperties: false,
  properties: { patterns: { type: 'array', minItems: 1, items: pattern } },
});

const checkPattern = lazily<RequestPattern>(requestPatternSchema);
const checkVerify = lazily<{ pattern: RequestPattern; times?: Times }>(
  verifyBodySchema(requestPatternSchema),
);
const checkSequence = lazily<{ patterns: RequestPattern[] }>(
  sequenceBodySchema(requestPatternSchema),
);
const checkStub = lazily<StubDefinition>(stubDefinitionSchema);

/** Compiles the admin API's body checks now, so that no admin call waits for them. */
export function prepareAdminChecks(): void {
  for (const check of [checkPattern, checkVerify, checkSequence, checkStub]) check();
}

/** Checks an admin request body, refusing a malformed one with 400 and every problem found. */
export const checkAdminBody = {
  pattern: (body: unknown) =>
    withRunnablePaths(checked(checkPattern(), body ?? {}, 'a request pattern'), (b) => [b]),
  verify: (body: unknown) =>
    withRunnablePaths(checked(checkVerify(), body, '{"pattern": {...}, "times": {...}}'), (b) => [
      b.pattern,
    ]),
  stub: (body: unknown) =>
    withRunnablePaths(
      checked(
        checkStub(),
        body,
        'a stub: {"pattern": {...}, "response": {"status", "body"|"example"|"dynamic"}}',
      ),
      (b) => [b.pattern],
    ),
  sequence: (body: unknown) =>
    withRunnablePaths(
      checked(checkSequence(), body, '{"patterns": [{...}, ...]}'),
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
