import { isDeepStrictEqual } from 'node:util';
import type { ContractOperation } from '../contract/contract-operation.ts';
import { draftOf } from './compile-schema-check.ts';

/**
 * Refuses at load what would stop an operation's checks from compiling on its first request: a
 * body schema whose `$schema` names a draft the mock does not know, or one `$id` on two different
 * schemas. The checks themselves compile when first needed (see fastPathOf). Returns the
 * dialects the body schemas use (undefined: ajv's default, draft-07).
 *
 * @example
 * checkSchemaDialects(contract.operations); // Error: the $schema "https://example.com/dialect" of ...
 */
export function checkSchemaDialects(operations: readonly ContractOperation[]): Set<unknown> {
  const dialects = new Set<unknown>();
  for (const operation of operations) {
    const { resource } = operation;
    const bodies = [
      ...(resource.request?.body?.contents ?? []),
      ...resource.responses.flatMap((response) => response.contents ?? []),
    ].flatMap((content) => (content.schema === undefined ? [] : [content.schema]));
    if (bodies.length === 0) continue;
    for (const schema of bodies) {
      const dialect = (schema as { $schema?: unknown }).$schema;
      dialects.add(dialect);
      if (draftOf(dialect) === undefined) {
        throw new Error(
          `the $schema ${JSON.stringify(dialect)} of ${operation.operationId} names no draft the mock knows`,
        );
      }
    }
    const ids = new Map<string, unknown>();
    const seen = new Set<unknown>();
    const walk = (value: unknown): void => {
      if (typeof value !== 'object' || value === null || seen.has(value)) return;
      seen.add(value);
      const id = (value as { $id?: unknown }).$id;
      if (typeof id === 'string') {
        const earlier = ids.get(id);
        if (earlier !== undefined && !isDeepStrictEqual(earlier, value)) {
          throw new Error(`the $id "${id}" in ${operation.operationId} names more than one schema`);
        }
        ids.set(id, value);
      }
      for (const child of Object.values(value)) walk(child);
    };
    bodies.forEach(walk);
    walk((resource as { __bundled__?: unknown }).__bundled__);
  }
  return dialects;
}
