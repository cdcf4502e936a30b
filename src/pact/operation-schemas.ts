import type { ContractOperation } from '../contract/contract-operation.ts';

// What the contract declares for an operation's bodies, as the pact reads it (Prism's model).
type IHttpOperation = ContractOperation['resource'];

/**
 * The schema of a body of this media type (or the first one declared) among an operation's
 * request or response contents.
 *
 * @example
 * schemaOf(operation.resource?.request?.body?.contents, 'application/json'); // the NewPlant schema
 * schemaOf(responseOf(operation.resource, 200)?.contents, 'application/json'); // the Plant schema
 */
export function schemaOf(
  contents: readonly { mediaType: string; schema?: unknown }[] | undefined,
  type: string,
): unknown {
  return (contents?.find((c) => mediaType(c.mediaType) === type) ?? contents?.[0])?.schema;
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
