import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { HttpError } from '../errors.ts';
import { requestPatternSchema, type RequestPattern } from '../journal/request-pattern.ts';
import { timesSchema, type Times } from '../journal/verify-requests.ts';
import type { StubDefinition } from '../stubs/stub.ts';
import { stubDefinitionSchema } from '../stubs/stub-schema.ts';

const ajv = new Ajv({ allErrors: true });
addFormats.default(ajv, ['regex']);

const checkPattern = ajv.compile<RequestPattern>(requestPatternSchema);
const checkVerify = ajv.compile<{ pattern: RequestPattern; times?: Times }>({
  type: 'object',
  required: ['pattern'],
  additionalProperties: false,
  properties: { pattern: requestPatternSchema, times: timesSchema },
});
const checkSequence = ajv.compile<{ patterns: RequestPattern[] }>({
  type: 'object',
  required: ['patterns'],
  additionalProperties: false,
  properties: { patterns: { type: 'array', minItems: 1, items: requestPatternSchema } },
});

const checkStub = ajv.compile<StubDefinition>(stubDefinitionSchema);

/** Checks an admin request body, refusing a malformed one with 400 and every problem found. */
export const checkAdminBody = {
  pattern: (body: unknown) => checked(checkPattern, body ?? {}, 'a request pattern'),
  verify: (body: unknown) => checked(checkVerify, body, '{"pattern": {...}, "times": {...}}'),
  stub: (body: unknown) =>
    checked(
      checkStub,
      body,
      'a stub: {"pattern": {...}, "response": {"status", "body"|"example"|"dynamic"}}',
    ),
  sequence: (body: unknown) => checked(checkSequence, body, '{"patterns": [{...}, ...]}'),
};

function checked<T>(
  validate: ((value: unknown) => value is T) & { errors?: ErrorObject[] | null },
  body: unknown,
  shape: string,
): T {
  if (validate(body)) return body;
  const problems = (validate.errors ?? []).map(
    (e) => `${e.instancePath || '(body)'} ${e.message ?? 'is invalid'}`,
  );
  throw new HttpError(
    'INVALID_ADMIN_REQUEST',
    `Failed to read the admin request: ${[...new Set(problems)].join('; ')}. Make sure to send ${shape}.`,
  );
}
