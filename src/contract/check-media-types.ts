import { ConfigError } from '../errors.ts';
import { resolvePointer } from './check-document-shape.ts';
import { isWellFormedMediaType } from './media-type.ts';
import type { OperationSource } from './operation-sources.ts';
import type { DocumentFormat } from './read-operations.ts';

type Fields = Record<string, unknown>;

/**
 * Refuses, at start-up, a contract that declares a media type with no `type/subtype` form (a
 * `content: { json: ... }`), naming the operation and the media type. Left to request time,
 * Prism's validator fails to parse it on every answer of that operation (a 500). OpenAPI 3 and
 * Swagger 2.0 documents are read as written, so no operation is converted for the check; a
 * Postman collection's operations are converted already.
 *
 * @example
 * checkMediaTypes(document, 'openapi3', sources, 'openapi.yaml');
 * // ConfigError: Failed to load the spec openapi.yaml: listThings declares the media type "json" ...
 */
export function checkMediaTypes(
  document: object,
  format: DocumentFormat,
  sources: readonly OperationSource[],
  path: string,
): void {
  const root = fieldsOf(document);
  const resolve = resolverOf(document);
  for (const source of sources) {
    const found = firstMalformed(
      format === 'postman' ? placesInModel(source) : placesAsWritten(root, resolve, format, source),
    );
    if (found === undefined) continue;
    // A Postman collection's operation ids are made up at each load: its method and path say more.
    const id = format === 'postman' ? undefined : source.operationId;
    const name = id ?? `${source.method.toUpperCase()} ${source.path}`;
    throw new ConfigError(
      `Failed to load the spec ${path}: ${name} declares the media type ${JSON.stringify(found.mediaType)} for its ${found.where}, which is no media type (type/subtype). Make sure to write it in full, such as application/json.`,
    );
  }
}

interface Malformed {
  mediaType: string;
  /** Its request body, the response of a code, or (Swagger 2.0) its responses. */
  where: string;
}

/** The media types one place of an operation declares. */
interface Place {
  types: readonly string[];
  where: string;
}

type Resolve = (node: unknown) => Fields;

function firstMalformed(places: readonly Place[]): Malformed | undefined {
  for (const { types, where } of places) {
    const mediaType = types.find((type) => !isWellFormedMediaType(type));
    if (mediaType !== undefined) return { mediaType, where };
  }
  return undefined;
}

// The operation as the document writes it: OpenAPI 3's content keys, Swagger 2.0's lists.
function placesAsWritten(
  root: Fields,
  resolve: Resolve,
  format: DocumentFormat,
  source: OperationSource,
): Place[] {
  const item = resolve(resolve(root.paths)[source.path]);
  const operation = fieldsOf(item[source.method]);
  const responses = Object.entries(fieldsOf(operation.responses));
  if (format === 'swagger2') {
    // http-spec reads `consumes` for a body parameter only, and `produces` for a response schema.
    const parameters = [item.parameters, operation.parameters].flatMap((list) =>
      Array.isArray(list) ? list.map((p: unknown) => resolve(p).in) : [],
    );
    const takesBody = parameters.includes('body') || parameters.includes('formData');
    const answersBody = responses.some(([, response]) => resolve(response).schema !== undefined);
    return [
      ...(takesBody
        ? [{ types: listOf(operation.consumes ?? root.consumes), where: 'request body' }]
        : []),
      ...(answersBody
        ? [{ types: listOf(operation.produces ?? root.produces), where: 'responses' }]
        : []),
    ];
  }
  return [
    { types: Object.keys(fieldsOf(resolve(operation.requestBody).content)), where: 'request body' },
    ...responses.map(([code, response]) => ({
      types: Object.keys(fieldsOf(resolve(response).content)),
      where: `${code} response`,
    })),
  ];
}

// A Postman collection's operations, converted at load already.
function placesInModel(source: OperationSource): Place[] {
  const operation = source.convert();
  const typesOf = (contents: readonly { mediaType: string }[] | undefined): string[] =>
    (contents ?? []).map((content) => content.mediaType);
  return [
    { types: typesOf(operation.request?.body?.contents), where: 'request body' },
    ...operation.responses.map((response) => ({
      types: typesOf(response.contents),
      where: `${response.code} response`,
    })),
  ];
}

// A node's fields with its internal `$ref`s followed (checkDocumentShape has refused cycles of
// them), each pointer resolved once.
function resolverOf(document: object): Resolve {
  const targets = new Map<string, unknown>();
  return (node) => {
    let at = node;
    for (let ref = refOf(at); ref !== undefined; ref = refOf(at)) {
      if (!targets.has(ref)) targets.set(ref, resolvePointer(document, ref));
      at = targets.get(ref);
    }
    return fieldsOf(at);
  };
}

function refOf(node: unknown): string | undefined {
  const ref = (node as { $ref?: unknown } | null | undefined)?.$ref;
  return typeof ref === 'string' && ref.startsWith('#') ? ref : undefined;
}

function fieldsOf(node: unknown): Fields {
  return node !== null && typeof node === 'object' && !Array.isArray(node) ? (node as Fields) : {};
}

function listOf(node: unknown): string[] {
  return Array.isArray(node) ? node.filter((item): item is string => typeof item === 'string') : [];
}
