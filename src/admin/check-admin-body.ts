import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { HttpError } from '../errors.ts';
import { requestPatternSchema, type RequestPattern } from '../journal/request-pattern.ts';
import { timesSchema, type Times } from '../journal/verify-requests.ts';
import type { StubDefinition } from '../stubs/stub.ts';
import { stubDefinitionSchema } from '../stubs/stub-schema.ts';

type Check<T> = ((value: unknown) => value is T) & { errors?: ErrorObject[] | null };

let ajv: Ajv | undefined;

// Compiled on first use, so that start-up does not wait for the admin API's schemas.
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

const checkPattern = lazily<RequestPattern>(requestPatternSchema);
const checkVerify = lazily<{ pattern: RequestPattern; times?: Times }>({
  type: 'object',
  required: ['pattern'],
  additionalProperties: false,
  properties: { pattern: requestPatternSchema, times: timesSchema },
});
const checkSequence = lazily<{ patterns: RequestPattern[] }>({
  type: 'object',
  required: ['patterns'],
  additionalProperties: false,
  properties: { patterns: { type: 'array', minItems: 1, items: requestPatternSchema } },
});
const checkStub = lazily<StubDefinition>(stubDefinitionSchema);

/** Checks an admin request body, refusing a malformed one with 400 and every problem found. */
export const checkAdminBody = {
  pattern: (body: unknown) => checked(checkPattern(), body ?? {}, 'a request pattern'),
  verify: (body: unknown) => checked(checkVerify(), body, '{"pattern": {...}, "times": {...}}'),
  stub: (body: unknown) =>
    checked(
      checkStub(),
      body,
      'a stub: {"pattern": {...}, "response": {"status", "body"|"example"|"dynamic"}}',
    ),
  sequence: (body: unknown) => checked(checkSequence(), body, '{"patterns": [{...}, ...]}'),
};

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
