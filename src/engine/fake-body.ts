import { randomInt } from 'node:crypto';

type Faker = typeof import('json-schema-faker');
let faker: Promise<Faker> | undefined;

/**
 * Fakes a value for a schema with json-schema-faker. The same seed gives the same value, whatever
 * else the process has generated before; no seed gives a new value each time. json-schema-faker
 * is loaded on the first fake, so a server that never fakes starts without it.
 *
 * @example
 * await fakeBody({ type: 'object', required: ['name'], properties: { name: { type: 'string' } } }, 42);
 */
export async function fakeBody(schema: object, seed: number | undefined): Promise<unknown> {
  faker ??= import('json-schema-faker');
  const { generateSync } = await faker;
  // Without a seed json-schema-faker starts from the same one every time: pick a fresh one.
  return generateSync(schema as Parameters<typeof generateSync>[0], {
    seed: seed ?? randomInt(2 ** 31),
    optionalsProbability: 0.5,
  });
}
