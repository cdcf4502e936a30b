import { Ajv } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bundledSpecPath, configSchema } from '../../src/config/config-schema.ts';
import { validate as generatedSettingsCheck } from '../../src/config/generated/settings-check.ts';
import type { MockServerOptions } from '../../src/config/mock-server-options.ts';
import { resolveConfig } from '../../src/config/resolve-config.ts';
import { compileSchemaCheck, prepareDialect } from '../../src/validation/compile-schema-check.ts';
import {
  checkAgainstMetaSchema,
  loadMetaSchemaCheck,
} from '../../src/validation/check-against-meta-schema.ts';
import { contractAjvOptions } from '../../src/validation/contract-ajv-options.ts';

// The meta-schema and settings checks are ajv's code generated at build time
// (scripts/build-schema-checks.ts): they must decide, and word their errors, as ajv compiling
// the same schemas at run time did.

// As a contract's load does, for each dialect it uses.
beforeAll(async () => {
  for (const draft of ['draft-07', 'draft/2019-09', 'draft/2020-12']) {
    await prepareDialect(`https://json-schema.org/${draft}/schema`);
  }
});

const dialects = [
  ['draft-07 (no $schema)', undefined, () => new Ajv(contractAjvOptions)],
  ['draft-07', 'http://json-schema.org/draft-07/schema#', () => new Ajv(contractAjvOptions)],
  [
    '2019-09',
    'https://json-schema.org/draft/2019-09/schema',
    () => new Ajv2019(contractAjvOptions),
  ],
  [
    '2020-12',
    'https://json-schema.org/draft/2020-12/schema',
    () => new Ajv2020(contractAjvOptions),
  ],
] as const;

// Schemas a contract may hold, broken in the ways people break them, and sound ones.
const bodies: object[] = [
  { type: 'object', properties: { name: { type: 'strng', minLength: -1 } } },
  { type: 'object', required: 'name' },
  { type: 'array', items: { type: 'integer', maximum: 'ten' } },
  { enum: [], uniqueItems: 'yes' },
  { type: 'object', properties: { id: { type: 'integer' } }, additionalProperties: { $ref: 7 } },
  { anyOf: {}, $id: 3 },
  { type: 'object', properties: { id: { type: 'integer', readOnly: true } }, required: ['id'] },
  { type: 'string', pattern: '^[a-z]+$', format: 'uuid' },
];

describe.each(dialects)('a body schema of %s', (_name, $schema, makeAjv) => {
  it.each(bodies)('is refused (or not) with the message ajv gives: %j', (body) => {
    const schema = $schema === undefined ? body : { $schema, ...body };
    // What the mock did before its meta-schema checks were generated: ajv compiling the
    // meta-schema and checking the schema against it.
    const ajv = makeAjv();
    let expected = 'compiles';
    try {
      void ajv.validateSchema({ ...schema, __bundled__: undefined }, true);
    } catch (error) {
      expected = (error as Error).message;
    }
    let actual = 'compiles';
    try {
      compileSchemaCheck(schema, 'response', undefined);
    } catch (error) {
      actual = (error as Error).message;
    }
    expect(actual).toBe(expected);
  });
});

it('names a broken body schema as ajv does', () => {
  expect(() =>
    compileSchemaCheck({ type: 'object', properties: { name: { type: 'strng' } } }, 'request', {}),
  ).toThrow(
    'schema is invalid: data/properties/name/type must be equal to one of the allowed values, data/properties/name/type must be array, data/properties/name/type must match a schema in anyOf',
  );
});

it('leaves a $schema that ajv keys otherwise to ajv, which refuses it as before', () => {
  expect(() =>
    compileSchemaCheck(
      { $schema: 'https://json-schema.org/draft-07/schema', type: 'object' },
      'request',
      {},
    ),
  ).toThrow('no schema with key or ref "https://json-schema.org/draft-07/schema"');
});

describe('the generated settings check', () => {
  const runtime = new Ajv({ useDefaults: true, allowUnionTypes: true }).compile(configSchema);
  const settings = [
    {},
    { port: 0, host: '0.0.0.0', mode: 'dynamic' as const, seed: 42 },
    { spec: 'openapi.yaml', tokens: ['a', 'b'], maxBody: '2mb', cors: false },
    { store: 'redis://127.0.0.1:6379/0', allowedHosts: ['.example.com'], fallbackOn: ['none'] },
  ];

  it.each(settings)('applies the defaults ajv applies, in the same order: %j', (options) => {
    const expected: Record<string, unknown> = { ...options };
    expect(runtime(expected)).toBe(true);
    // resolveConfig's first step: the bundled contract's path, then the generated check.
    const actual: Record<string, unknown> = { ...options };
    actual.spec ??= bundledSpecPath;
    expect(generatedSettingsCheck(actual)).toBe(true);
    expect(Object.entries(actual)).toEqual(Object.entries(expected));
    expect(resolveConfig(options as MockServerOptions).spec).toBe(expected.spec);
  });

  it.each([{ port: 70000 }, { mode: 'live' }, { spec: '' }, { colour: 'red' }, { delay: '1-' }])(
    'refuses what ajv refuses: %j',
    (options) => {
      expect(runtime({ ...options })).toBe(false);
      expect(() => resolveConfig(options as never)).toThrow();
    },
  );
});

it('checks a contract schema without ajv compiling a meta-schema', async () => {
  await loadMetaSchemaCheck('draft/2020-12');
  const ajv = new Ajv2020({ ...contractAjvOptions, validateSchema: false });
  const ajvChecks = vi.spyOn(ajv, 'validateSchema');
  const schema = { $schema: 'https://json-schema.org/draft/2020-12/schema#', type: 'strng' };
  expect(() => {
    checkAgainstMetaSchema(ajv, 'draft/2020-12', schema);
  }).toThrow('schema is invalid: data/type must be equal to one of the allowed values');
  expect(ajvChecks).not.toHaveBeenCalled();
});
