import { generateSync, type JsonSchema } from 'json-schema-faker';

/**
 * Fakes a value for a schema with json-schema-faker. The same seed gives the same value, whatever
 * else the process has generated before.
 *
 * @example
 * fakeBody({ type: 'object', required: ['name'], properties: { name: { type: 'string' } } }, 42);
 */
export function fakeBody(schema: object, seed: number | undefined): unknown {
  const options = seed === undefined ? {} : { seed };
  return generateSync(schema as JsonSchema, { ...options, optionalsProbability: 0.5 });
}
