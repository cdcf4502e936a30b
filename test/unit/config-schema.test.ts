import { Ajv } from 'ajv';
import { expect, it } from 'vitest';
import { configSchema } from '../../src/config/config-schema.ts';

// The server compiles this schema without checking it (that would cost a tenth of its start-up),
// so it is checked here, against the JSON Schema meta-schema it declares itself by.
it('keeps the settings schema a valid JSON Schema', () => {
  const ajv = new Ajv({ allowUnionTypes: true });
  expect(ajv.validateSchema(configSchema), ajv.errorsText(ajv.errors)).toBe(true);
  expect(() => ajv.compile(configSchema)).not.toThrow();
});
