import { Ajv } from 'ajv';
import { expect, it } from 'vitest';
import { configSchema } from '../../src/config/config-schema.ts';
import { resolveConfig } from '../../src/config/resolve-config.ts';

// The server compiles this schema without checking it (that would cost a tenth of its start-up),
// so it is checked here, against the JSON Schema meta-schema it declares itself by.
it('keeps the settings schema a valid JSON Schema', () => {
  const ajv = new Ajv({ allowUnionTypes: true });
  expect(ajv.validateSchema(configSchema), ajv.errorsText(ajv.errors)).toBe(true);
  expect(() => ajv.compile(configSchema)).not.toThrow();
});

it('takes a Redis, a Redis Cluster or memory as the store, and nothing else', () => {
  const valid = (store: string) => resolveConfig({ store }).store;
  for (const store of [
    'memory',
    'redis://127.0.0.1:6379/0',
    'rediss://:pw@redis.internal:6380/1',
    'redis-cluster://10.0.0.1:7000,10.0.0.2:7000',
    'rediss-cluster://:pw@redis.internal:7000',
  ])
    expect(valid(store)).toBe(store);
  expect(() => valid('cluster://10.0.0.1:7000')).toThrow(/store/);
});
