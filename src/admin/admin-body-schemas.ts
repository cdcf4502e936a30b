import { requestPatternSchema } from '../interactions/request-pattern.ts';
import { timesSchema } from '../interactions/verify-requests.ts';
import { stubDefinitionSchema } from '../responders/stubs/stub-schema.ts';

/**
 * The body of POST /__admin/verify, `pattern` being a request pattern's schema or a reference.
 *
 * @example
 * verifyBodySchema({ $ref: '#/components/schemas/RequestPattern' });
 */
export const verifyBodySchema = (pattern: object) => ({
  type: 'object',
  required: ['pattern'],
  additionalProperties: false,
  properties: { pattern, times: timesSchema },
});

/**
 * The body of POST /__admin/verify/sequence (see verifyBodySchema).
 *
 * @example
 * sequenceBodySchema({ $ref: '#/components/schemas/RequestPattern' });
 */
export const sequenceBodySchema = (pattern: object) => ({
  type: 'object',
  required: ['patterns'],
  additionalProperties: false,
  properties: { patterns: { type: 'array', minItems: 1, items: pattern } },
});

/**
 * The schema of each admin body check, by the name its generated check is exported under
 * (scripts/build-schema-checks.ts compiles them at build time).
 *
 * @example
 * adminBodySchemas.stub; // the schema POST /__admin/stubs checks its body against
 */
export const adminBodySchemas = {
  pattern: requestPatternSchema,
  verify: verifyBodySchema(requestPatternSchema),
  sequence: sequenceBodySchema(requestPatternSchema),
  stub: stubDefinitionSchema,
};
