import { randomInt } from 'node:crypto';
import { generateSync, type JsonSchema } from 'json-schema-faker';

/**
 * Fakes a value for a schema with json-schema-faker. The same seed gives the same value, whatever
 * else the process has generated before; no seed gives a new value each time.
 *
 * @example
 * fakeBody({ type: 'object', required: ['name'], properties: { name: { type: 'string' } } }, 42);
 */
export function fakeBody(schema: object, seed: number | undefined): unknown {
  // Without a seed json-schema-faker starts from the same one every time: pick a fresh one.
  return generateSync(schema as JsonSchema, {
    seed: seed ?? randomInt(2 ** 31),
    optionalsProbability: 0.5,
  });
}
