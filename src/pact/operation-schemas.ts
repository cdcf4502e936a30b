import { isJsonEssence, mediaTypeEssence } from '../parsing/media-type-essence.ts';

/**
 * The schema of a body of this media type (or the first one declared) among an operation's
 * request or response contents.
 *
 * @example
 * schemaOf(operation.resource?.request?.body?.contents, 'application/json'); // the NewPlant schema
 * schemaOf(responseForStatus(operation.resource.responses, 200)?.contents, 'application/json'); // the Plant schema
 */
export function schemaOf(
  contents: readonly { mediaType: string; schema?: unknown }[] | undefined,
  type: string,
): unknown {
  return (contents?.find((c) => mediaTypeEssence(c.mediaType) === type) ?? contents?.[0])?.schema;
}

/**
 * Whether a media type is JSON (`application/json`, `application/*+json`), or unsaid.
 *
 * @example
 * isJsonType('application/problem+json'); // true
 */
export function isJsonType(type: string): boolean {
  return type === '' || isJsonEssence(type);
}
