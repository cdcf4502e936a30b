import { faultNames } from '../fault-names.ts';
import { requestPatternSchema } from '../../interactions/request-pattern.ts';

/** JSON Schema of a stub definition, checked before the contract is. */
export const stubDefinitionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['pattern'],
  anyOf: [{ required: ['response'] }, { required: ['fault'] }],
  properties: {
    pattern: { ...requestPatternSchema, not: { required: ['status'] } },
    response: {
      type: 'object',
      additionalProperties: false,
      required: ['status'],
      properties: {
        status: { type: 'integer', minimum: 100, maximum: 599 },
        body: {},
        example: { type: 'string', minLength: 1 },
        dynamic: { const: true },
        headers: { type: 'object', additionalProperties: { type: 'string' } },
      },
      oneOf: [
        {
          required: ['body'],
          not: { anyOf: [{ required: ['example'] }, { required: ['dynamic'] }] },
        },
        {
          required: ['example'],
          not: { anyOf: [{ required: ['body'] }, { required: ['dynamic'] }] },
        },
        {
          required: ['dynamic'],
          not: { anyOf: [{ required: ['body'] }, { required: ['example'] }] },
        },
      ],
    },
    delayMs: { type: 'integer', minimum: 0 },
    fault: { enum: [...faultNames] },
    times: { type: 'integer', minimum: 1 },
    priority: { type: 'integer', minimum: 1, maximum: 1000 },
    allowContractViolation: { type: 'boolean' },
  },
} as const;
