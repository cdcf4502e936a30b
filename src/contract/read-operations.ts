import { bundleTarget, decycle } from '@stoplight/json';
import {
  transformOas3Operation,
  transformOas3Operations,
} from '@stoplight/http-spec/oas3/operation';
import type { IHttpOperation } from '@stoplight/types';
import { expandRefs } from './expand-refs.ts';
import {
  once,
  operationSources,
  type OperationSource,
  type TransformOne,
} from './operation-sources.ts';

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
// chunks give an import() of CommonJS. Postman collections are read whole (`one` undefined).
async function transformOf(
  format: DocumentFormat,
): Promise<{ all: Transform; one?: TransformOne }> {
  if (format === 'swagger2') {
    const oas2 = (await import('@stoplight/http-spec/oas2/operation')).default;
    return { all: oas2.transformOas2Operations, one: oas2.transformOas2Operation };
  }
  if (format === 'postman') {
    const postman = (await import('@stoplight/http-spec/postman/operation')).default;
    return { all: postman.transformPostmanCollectionOperations as Transform };
  }
  return { all: transformOas3Operations, one: transformOas3Operation };
}

/**
 * The operations of an OpenAPI 3.x or Swagger 2.0 document (or a Postman collection), each
 * converted into Prism's model when it is first read (`convert()`), except where a document
 * needs them all at once: one whose references are left to json-schema-ref-parser or keep a
 * cycle (each operation then carries a bundle of them), or a Postman collection.
 *
 * @example
 * const sources = await readOperationSources(document);
 * sources[0].operationId; // 'createPlant', nothing converted yet
 */
export async function readOperationSources(
  document: object,
  format: DocumentFormat = documentFormat(document) ?? 'openapi3',
): Promise<OperationSource[]> {
  const expanded = expandRefs(document);
  const transform = await transformOf(format);
  if (
    transform.one !== undefined &&
    expanded?.refsLeft === false &&
    !('__errors__' in expanded.document)
  ) {
    return operationSources(expanded.document, transform.one);
  }
  const resolved = expanded?.document ?? (await dereferenced(document));
  // http-spec brings its own copy of @stoplight/types: the same shapes, other enum objects.
  const operations = transform.all(resolved) as unknown as IHttpOperation[];
  // Each operation carries what its schemas still refer to (cycles) under `__bundled__`; with
  // no reference left, bundling would give each operation back as it is.
  const bundled =
    expanded?.refsLeft === false && !('__errors__' in resolved)
      ? operations
      : operations.map((operation) => {
          const target: Record<string, unknown> = { ...resolved, __target__: operation };
          const path = '#/__target__';
          return bundleTarget({ document: target, path, cloneDocument: false }) as IHttpOperation;
        });
  return bundled.map((operation) => ({
    method: operation.method,
    path: operation.path,
    operationId: operation.iid,
    extensions: operation.extensions ?? {},
    convert: () => operation,
  }));
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
  return (await readOperationSources(document, format)).map((source) => source.convert());
}

/**
 * The operations under a Swagger 2.0 document's `basePath` (`/v1` serves `/v1/pets`), which
 * http-spec keeps only in each operation's server URL; the mock routes by path alone. Other
 * formats, and a basePath of `/`, leave them as they are.
 *
 * @example
 * underBasePath(sources, { swagger: '2.0', basePath: '/v1' })[0].path; // '/v1/pets'
 */
export function underBasePath(
  sources: OperationSource[],
  document: { swagger?: unknown; basePath?: unknown },
): OperationSource[] {
  if (document.swagger === undefined || typeof document.basePath !== 'string') return sources;
  const base = `/${document.basePath.replace(/^\/+|\/+$/g, '')}`;
  if (base === '/') return sources;
  return sources.map((source) => {
    const path = `${base}${source.path}`;
    return { ...source, path, convert: once(() => ({ ...source.convert(), path })) };
  });
}
