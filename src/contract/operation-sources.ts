import { isPlainObject } from '@stoplight/json';
import type { IHttpOperation } from '@stoplight/types';

/** One operation of a contract document: what routing needs, and Prism's model on demand. */
export interface OperationSource {
  /** The method as the document writes it (lower case). */
  method: string;
  /** The path template as written, e.g. `/plants/{id}`. */
  path: string;
  /** Its `operationId` where it has a string one (http-spec's `iid`). */
  operationId: string | undefined;
  /** Its `x-` fields, as http-spec copies them into the model's `extensions`. */
  extensions: Readonly<Record<string, unknown>>;
  /** Prism's model of the operation, converted on the first call and kept. */
  convert(): IHttpOperation;
}

/** http-spec's converter of one operation (`transformOas3Operation`, `transformOas2Operation`). */
export type TransformOne = (input: {
  document: Record<string, unknown>;
  name: string;
  method: string;
  config: { type: 'operation'; documentProp: 'paths'; nameProp: 'path' };
}) => unknown;

// http-spec's reading of a document's operations: these methods of each path item, in the
// order the path item writes them.
const methods = ['get', 'post', 'put', 'delete', 'options', 'head', 'patch', 'trace'];
const config = { type: 'operation', documentProp: 'paths', nameProp: 'path' } as const;

/**
 * The operations of an OpenAPI 3.x or Swagger 2.0 document whose references are expanded, in
 * the order and with the names http-spec gives them (`transformOas3Operations` is this list
 * converted). Each is converted when first read, except those whose conversion can fail (found
 * by trying each field of an operation with values of every JSON type): one that is no mapping,
 * one with callbacks, and all of them in a document with an HTTP security scheme whose `scheme`
 * is no string. Those are converted here, so a start fails on them as before.
 *
 * @example
 * operationSources(expanded, transformOas3Operation)[0]; // { method: 'post', path: '/plants', ... }
 */
export function operationSources(
  document: Record<string, unknown>,
  transform: TransformOne,
): OperationSource[] {
  const paths = isPlainObject(document.paths) ? Object.entries(document.paths) : [];
  const eager = hasUnreadableScheme(document);
  const sources: OperationSource[] = [];
  for (const [name, item] of paths) {
    if (!isPlainObject(item)) continue;
    for (const method of Object.keys(item).filter((key) => methods.includes(key))) {
      const raw: unknown = item[method];
      const convert = once(() => transform({ document, name, method, config }) as IHttpOperation);
      if (eager || !isPlainObject(raw) || 'callbacks' in raw) {
        const operation = convert();
        const { iid, extensions = {} } = operation;
        sources.push({ method, path: name, operationId: iid, extensions, convert });
        continue;
      }
      const id = raw.operationId;
      sources.push({
        method,
        path: name,
        operationId: typeof id === 'string' ? id : undefined,
        extensions: extensionsOf(raw),
        convert,
      });
    }
  }
  return sources;
}

/**
 * A function that calls `make` once, on its first call, and then gives what it gave.
 *
 * @example
 * const model = once(() => convert(document)); model() === model(); // true
 */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

// http-spec's `getExtensions`: the `x-` fields but its own `x-internal`.
function extensionsOf(operation: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(operation).filter(([key]) => key.startsWith('x-') && key !== 'x-internal'),
  );
}

// An OpenAPI 3 HTTP scheme whose `scheme` http-spec cannot lower-case fails every conversion
// that uses it.
function hasUnreadableScheme(document: Record<string, unknown>): boolean {
  const schemes = (document.components as { securitySchemes?: unknown } | undefined)
    ?.securitySchemes;
  if (!isPlainObject(schemes)) return false;
  return Object.values(schemes).some((scheme) => {
    const value = (scheme as { scheme?: unknown } | null)?.scheme;
    return value !== undefined && value !== null && typeof value !== 'string';
  });
}
