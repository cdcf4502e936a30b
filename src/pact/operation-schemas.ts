import type { ContractOperation } from '../contract/contract-operation.ts';

// What the contract declares for an operation's bodies, as the pact reads it (Prism's model).
type IHttpOperation = ContractOperation['resource'];

/**
 * The schema of a request body of this media type (or the first one declared).
 *
 * @example
 * schemaOfRequest(operation.resource, 'application/json'); // the NewPlant schema
 */
export function schemaOfRequest(resource: IHttpOperation | undefined, type: string): unknown {
  return contentOf(resource?.request?.body?.contents, type)?.schema;
}

/**
 * The schema of a response body of this status and media type.
 *
 * @example
 * schemaOfResponse(operation.resource, 200, 'application/json'); // the Plant schema
 */
export function schemaOfResponse(
  resource: IHttpOperation | undefined,
  status: number,
  type: string,
): unknown {
  return contentOf(responseOf(resource, status)?.contents, type)?.schema;
}

/**
 * The response declared for a status: the exact code, else its range (`2XX`), else `default`.
 *
 * @example
 * responseOf(operation.resource, 201)?.code; // '2XX' when only a range is declared
 */
export function responseOf(resource: IHttpOperation | undefined, status: number) {
  const responses = resource?.responses ?? [];
  const code = String(status);
  return (
    responses.find((r) => r.code === code) ??
    responses.find((r) => r.code.toUpperCase() === `${code[0] ?? ''}XX`) ??
    responses.find((r) => r.code === 'default')
  );
}

function contentOf<T extends { mediaType: string }>(
  contents: readonly T[] | undefined,
  type: string,
): T | undefined {
  return contents?.find((c) => mediaType(c.mediaType) === type) ?? contents?.[0];
}

/**
 * The media type of a Content-Type header, lower case, without parameters.
 *
 * @example
 * mediaType('Application/JSON; charset=utf-8'); // 'application/json'
 */
export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * Whether a media type is JSON (`application/json`, `application/*+json`), or unsaid.
 *
 * @example
 * isJsonType('application/problem+json'); // true
 */
export function isJsonType(type: string): boolean {
  return type === '' || type === 'application/json' || /^application\/[^/]+\+json$/.test(type);
}
