import type { Ajv, ErrorObject } from 'ajv';

/** The drafts the mock has an ajv for, as `compile-schema-check.ts` names them. */
export type Draft = 'draft/2020-12' | 'draft/2019-09' | 'draft-07';

interface GeneratedCheck {
  (schema: unknown): boolean;
  errors?: ErrorObject[] | null;
}

// Each draft's meta-schema (ajv's id for it) and its check, generated at build time by
// scripts/build-schema-checks.ts from the same ajv set-up as the body checks. Loaded for the
// drafts a contract uses only: each is 30 to 65 KB of code (a browser downloads it).
const metaSchemas: Record<Draft, { id: string; load: () => Promise<{ validate: unknown }> }> = {
  'draft-07': {
    id: 'http://json-schema.org/draft-07/schema',
    load: () => import('./generated/draft-07-meta-schema.ts'),
  },
  'draft/2019-09': {
    id: 'https://json-schema.org/draft/2019-09/schema',
    load: () => import('./generated/draft-2019-09-meta-schema.ts'),
  },
  'draft/2020-12': {
    id: 'https://json-schema.org/draft/2020-12/schema',
    load: () => import('./generated/draft-2020-12-meta-schema.ts'),
  },
};
const loaded = new Map<Draft, GeneratedCheck>();

/** The id of a draft's meta-schema, as ajv keys it. */
export function metaSchemaId(draft: Draft): string {
  return metaSchemas[draft].id;
}

/**
 * Loads the generated check of a draft's meta-schema, which checkAgainstMetaSchema then uses.
 *
 * @example
 * await loadMetaSchemaCheck('draft/2020-12');
 */
export async function loadMetaSchemaCheck(draft: Draft): Promise<void> {
  if (!loaded.has(draft)) {
    loaded.set(draft, (await metaSchemas[draft].load()).validate as GeneratedCheck);
  }
}

/**
 * Checks a schema against its meta-schema as `ajv.compile` does with `validateSchema` on, with
 * the same error, without ajv compiling the meta-schema once the draft's check is loaded
 * (loadMetaSchemaCheck). A `$schema` that is not the draft's own id as ajv keys it (ajv drops a
 * trailing `#`), or a draft not loaded, is left to ajv itself.
 *
 * @example
 * checkAgainstMetaSchema(ajv, 'draft-07', { type: 'strng' });
 * // Error: schema is invalid: data/type must be equal to one of the allowed values, ...
 */
export function checkAgainstMetaSchema(
  ajv: Pick<Ajv, 'validateSchema' | 'errorsText'>,
  draft: Draft,
  schema: object,
): void {
  const { id } = metaSchemas[draft];
  const check = loaded.get(draft);
  const named = (schema as { $schema?: unknown }).$schema;
  const key = named === undefined || named === '' ? id : named;
  if (check === undefined || typeof key !== 'string' || key.replace(/#\/?$/, '') !== id) {
    void ajv.validateSchema(schema, true);
    return;
  }
  if (!check(schema)) throw new Error(`schema is invalid: ${ajv.errorsText(check.errors)}`);
}
