import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import mergeAllOf from '@stoplight/json-schema-merge-allof';
import * as O from 'fp-ts/lib/Option.js';
import {
  compareDateTime,
  date_time,
  fmtDef,
  stripReadOnlyProperties,
  stripWriteOnlyProperties,
} from '../contract/prism-internals.ts';
import type { Violation } from '../contract/violation.ts';
import { contractAjvOptions } from './contract-ajv-options.ts';
import {
  checkAgainstMetaSchema,
  loadMetaSchemaCheck,
  metaSchemaId,
  type Draft,
} from './check-against-meta-schema.ts';

// Schemas are checked against their meta-schema by the code generated at build time
// (checkAgainstMetaSchema), so ajv never compiles a meta-schema.
const options: Options = { ...contractAjvOptions, validateSchema: false };

type AnyAjv = Ajv | Ajv2019 | Ajv2020;

function withFormats<T extends AnyAjv>(ajv: T): T {
  addFormats.default(ajv);
  ajv.addFormat('date-time', fmtDef(date_time, compareDateTime));
  return ajv;
}

// The drafts the mock has an ajv for, by the `$schema` that names them; nothing is fetched. Each
// ajv is made when a schema of its draft first comes along.
const knownDialect =
  /^https?:\/\/json-schema\.org\/(draft\/2020-12|draft\/2019-09|draft-07)\/schema#?$/;
const makeAjv: Record<Draft, () => AnyAjv> = {
  'draft/2020-12': () => new Ajv2020(options),
  'draft/2019-09': () => new Ajv2019(options),
  'draft-07': () => new Ajv(options),
};
const instances = new Map<Draft, AnyAjv>();

/** The draft a `$schema` names (none: draft-07, ajv's default); undefined for one not known. */
export function draftOf(dialect: unknown): Draft | undefined {
  if (dialect === undefined) return 'draft-07';
  return typeof dialect === 'string' ? (knownDialect.exec(dialect)?.[1] as Draft) : undefined;
}

function ajvFor(draft: Draft): AnyAjv {
  let ajv = instances.get(draft);
  if (ajv === undefined) {
    ajv = withFormats(makeAjv[draft]());
    instances.set(draft, ajv);
  }
  return ajv;
}

// Compiled through each dialect's ajv at load: V8 compiles ajv's code generator and the allOf
// merge on their first use, which the first request would otherwise pay.
const warmUpSchema = {
  type: 'object',
  required: ['name'],
  properties: {
    id: { type: 'integer', readOnly: true },
    name: { type: 'string', minLength: 1 },
    tags: { type: 'array', items: { enum: ['a', 'b'] } },
  },
};

/**
 * Loads the generated check of a dialect's meta-schema, makes its ajv and compiles a small schema
 * with it, at load, so that no first request pays ajv's first compile.
 *
 * @example
 * await prepareDialect('https://json-schema.org/draft/2020-12/schema');
 */
export async function prepareDialect(dialect: unknown): Promise<void> {
  const draft = draftOf(dialect) ?? 'draft-07';
  await loadMetaSchemaCheck(draft);
  compileSchemaCheck({ $schema: metaSchemaId(draft), ...warmUpSchema }, 'request', undefined);
}

/** Which side of the exchange a body is on: request bodies lose readOnly, responses writeOnly properties. */
export type BodySide = 'request' | 'response';

/**
 * Compiles a body schema once into a check that lists its violations (`[]` when the value is
 * valid), located as `body/name` with ajv's message, e.g. `must be string`.
 *
 * @example
 * const check = compileSchemaCheck(schema, 'request', operation.__bundled__);
 * check({ id: 'x', name: 'Fern' }); // [{ location: 'body/id', message: 'must be integer' }]
 */
export function compileSchemaCheck(
  schema: object,
  side: BodySide,
  bundle: unknown,
): (value: unknown) => Violation[] {
  let merged: object;
  try {
    merged = mergeAllOf(schema, { deep: true, ignoreAdditionalProperties: true });
  } catch {
    merged = schema;
  }
  const strip = side === 'request' ? stripReadOnlyProperties : stripWriteOnlyProperties;
  const normalized = O.getOrElse(() => merged)(strip(merged as never));
  const draft = draftOf((normalized as { $schema?: unknown }).$schema) ?? 'draft-07';
  const ajv = ajvFor(draft);
  const bundled = { ...normalized, __bundled__: bundle };
  checkAgainstMetaSchema(ajv, draft, bundled);
  const validate: ValidateFunction = ajv.compile(bundled);
  return (value) => (validate(value) ? [] : (validate.errors ?? []).map(toViolation));
}

function toViolation(error: ErrorObject): Violation {
  const segments = error.instancePath.split('/').filter((segment) => segment !== '');
  const params = error.params as {
    allowedValues?: unknown[];
    additionalProperty?: string;
    unevaluatedProperty?: string;
  };
  const details =
    (params.allowedValues === undefined ? '' : `: ${params.allowedValues.join(', ')}`) +
    (params.additionalProperty === undefined ? '' : `; found '${params.additionalProperty}'`) +
    (params.unevaluatedProperty === undefined ? '' : `: '${params.unevaluatedProperty}'`);
  return { location: ['body', ...segments].join('/'), message: `${error.message ?? ''}${details}` };
}
