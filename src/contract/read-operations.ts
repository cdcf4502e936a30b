import { bundleTarget, decycle } from '@stoplight/json';
import { transformOas3Operations } from '@stoplight/http-spec/oas3/operation';
import type { IHttpOperation } from '@stoplight/types';
import { expandRefs } from './expand-refs.ts';

// Its types refuse the `file: false` it reads.
type Parser = new () => { dereference(schema: object, options: object): Promise<object> };

// json-schema-ref-parser and decycle, for the documents expandRefs leaves to them; loaded then.
async function dereferenced(document: object): Promise<Record<string, unknown>> {
  const Parser = (await import('@stoplight/json-schema-ref-parser')).default as unknown as Parser;
  const options = { resolve: { file: false, http: false } };
  return decycle(await new Parser().dereference(document, options)) as Record<string, unknown>;
}

type Transform = (document: Record<string, unknown>) => unknown[];

/** The kinds of document the mock serves, as Prism's `getHttpOperationsFromSpec` tells them apart. */
export type DocumentFormat = 'openapi3' | 'swagger2' | 'postman';

/**
 * Which kind of document this is, or undefined when it is none the mock serves: the same tests
 * as Prism's (a `swagger` field, an `openapi` field, an `item` array with an `info.name`).
 *
 * @example
 * documentFormat({ swagger: '2.0', paths: {} }); // 'swagger2'
 */
export function documentFormat(document: object): DocumentFormat | undefined {
  const fields = document as {
    swagger?: unknown;
    openapi?: unknown;
    item?: unknown;
    info?: unknown;
  };
  if (fields.swagger !== undefined) return 'swagger2';
  if (fields.openapi !== undefined) return 'openapi3';
  const name = (fields.info as { name?: unknown } | null | undefined)?.name;
  if (Array.isArray(fields.item) && name !== undefined) return 'postman';
  return undefined;
}

// Swagger 2 and Postman transformers are loaded only for such documents: loading them costs a
// fifth of the start-up of a server that serves OpenAPI 3 (and a browser bundle's size). They are
// CommonJS: read through `default` (module.exports), the one export both Node and esbuild's
// chunks give an import() of CommonJS.
async function transformOf(format: DocumentFormat): Promise<Transform> {
  if (format === 'swagger2') {
    return (await import('@stoplight/http-spec/oas2/operation')).default.transformOas2Operations;
  }
  if (format === 'postman') {
    return (await import('@stoplight/http-spec/postman/operation')).default
      .transformPostmanCollectionOperations as Transform;
  }
  return transformOas3Operations;
}

/**
 * The operations of an OpenAPI 3.x, Swagger 2.0 or Postman collection document in Prism's model,
 * the same that Prism's `getHttpOperationsFromSpec` gives (a test holds them equal). References
 * are resolved inside the document only; nothing is read or fetched.
 *
 * @example
 * const operations = await readOperations(parse(await readFile('openapi.yaml', 'utf8')));
 * operations[0].iid; // 'createPlant'
 */
export async function readOperations(
  document: object,
  format: DocumentFormat = documentFormat(document) ?? 'openapi3',
): Promise<IHttpOperation[]> {
  const expanded = expandRefs(document);
  const resolved = expanded?.document ?? (await dereferenced(document));
  // http-spec brings its own copy of @stoplight/types: the same shapes, other enum objects.
  const operations = (await transformOf(format))(resolved) as unknown as IHttpOperation[];
  // Each operation carries what its schemas still refer to (cycles) under `__bundled__`; with
  // no reference left, bundling would give each operation back as it is.
  if (expanded?.refsLeft === false && !('__errors__' in resolved)) return operations;
  return operations.map((operation) => {
    const document: Record<string, unknown> = { ...resolved, __target__: operation };
    return bundleTarget({ document, path: '#/__target__', cloneDocument: false }) as IHttpOperation;
  });
}

/**
 * The operations under a Swagger 2.0 document's `basePath` (`/v1` serves `/v1/pets`), which
 * http-spec keeps only in each operation's server URL; the mock routes by path alone. Other
 * formats, and a basePath of `/`, leave them as they are.
 *
 * @example
 * underBasePath(operations, { swagger: '2.0', basePath: '/v1' })[0].path; // '/v1/pets'
 */
export function underBasePath(
  operations: IHttpOperation[],
  document: { swagger?: unknown; basePath?: unknown },
): IHttpOperation[] {
  if (document.swagger === undefined || typeof document.basePath !== 'string') return operations;
  const base = `/${document.basePath.replace(/^\/+|\/+$/g, '')}`;
  if (base === '/') return operations;
  return operations.map((operation) => ({ ...operation, path: `${base}${operation.path}` }));
}
