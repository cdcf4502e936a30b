import { createRequire } from 'node:module';
import { bundleTarget, decycle } from '@stoplight/json';
import { transformOas3Operations } from '@stoplight/http-spec/oas3/operation';
import type { IHttpOperation } from '@stoplight/types';

// json-schema-ref-parser is CommonJS with `export =`.
const RefParser = createRequire(import.meta.url)('@stoplight/json-schema-ref-parser') as new () => {
  dereference(schema: object, options: object): Promise<object>;
};

/**
 * The operations of an OpenAPI 3.x document in Prism's model, the same that Prism's
 * `getHttpOperationsFromSpec` gives (a test holds them equal), but from the OpenAPI 3
 * transformer alone: Swagger 2 and Postman support, which the mock does not offer, cost a fifth
 * of its start-up. References are resolved inside the document only; nothing is read or fetched.
 *
 * @example
 * const operations = await readOperations(parse(await readFile('openapi.yaml', 'utf8')));
 * operations[0].iid; // 'createPlant'
 */
export async function readOperations(document: object): Promise<IHttpOperation[]> {
  const resolved = decycle(
    await new RefParser().dereference(document, { resolve: { file: false, http: false } }),
  ) as Record<string, unknown>;
  // http-spec brings its own copy of @stoplight/types: the same shapes, other enum objects.
  const operations = transformOas3Operations(resolved) as unknown as IHttpOperation[];
  // Each operation carries what its schemas still refer to (cycles) under `__bundled__`.
  return operations.map((operation) => {
    const document: Record<string, unknown> = { ...resolved, __target__: operation };
    return bundleTarget({ document, path: '#/__target__', cloneDocument: false }) as IHttpOperation;
  });
}
