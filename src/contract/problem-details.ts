import type { IHttpOperation } from '@stoplight/types';
import type { ProblemDetails } from '../errors.ts';
import { schemaProperties } from './schema-properties.ts';

/** The media type of an RFC 7807 problem. */
export const problemMediaType = 'application/problem+json';

// Prism's problem types, titles and statuses: teams that move from Prism keep the bodies their
// tests assert on. Each `type` is Prism's documented URI for it.
const kinds = {
  UNPROCESSABLE_ENTITY: { title: 'Invalid request', status: 422 },
  // The mock's own: a malformed path parameter where the contract declares errors but no 400/422.
  BAD_REQUEST: { title: 'Invalid request', status: 400 },
  NOT_ACCEPTABLE: {
    title: 'The server cannot produce a representation for your accept header',
    status: 406,
  },
  NOT_FOUND: { title: 'The server cannot find the requested content', status: 404 },
  UNAUTHORIZED: { title: 'Invalid security scheme used', status: 401 },
  VIOLATIONS: { title: 'Request/Response not valid', status: 500 },
  INVALID_CONTENT_TYPE: { title: 'Invalid content type', status: 415 },
  SCHEMA_TOO_COMPLEX: { title: 'Schema too complex', status: 500 },
  NO_COMPLEX_OBJECT_TEXT: { title: 'Cannot serialise complex objects as text', status: 500 },
  NO_PATH_MATCHED_ERROR: { title: 'Route not resolved, no path matched', status: 404 },
  NO_METHOD_MATCHED_ERROR: { title: 'Route resolved, but no method matched', status: 405 },
  UPSTREAM_ERROR: { title: 'The upstream did not answer', status: 502 },
  UPSTREAM_TIMEOUT: { title: 'The upstream did not answer in time', status: 504 },
  PROXY_UNSUPPORTED_REQUEST_BODY: {
    title:
      'The Prism proxy does not support sending a GET/HEAD request with a message body to an upstream server. See: https://github.com/stoplightio/prism/issues/2259',
    status: 501,
  },
} as const;

export type ProblemKind = keyof typeof kinds;

/**
 * An RFC 7807 problem of one of Prism's kinds.
 *
 * @example
 * problemDetails('NOT_ACCEPTABLE', 'Unable to find content for image/png');
 * // { type: 'https://stoplight.io/prism/errors#NOT_ACCEPTABLE', title: '...', status: 406, detail: 'Unable to find content for image/png' }
 */
export function problemDetails(
  kind: ProblemKind,
  detail: string,
  extensions: Record<string, unknown> = {},
): ProblemDetails {
  const { title, status } = kinds[kind];
  return {
    type: `https://stoplight.io/prism/errors#${kind}`,
    title,
    status,
    detail,
    ...extensions,
  };
}

/** The detail of the 422 for an invalid request where the contract declares no 422 or 400. */
export const invalidRequestDetail =
  'Your request is not valid and no HTTP validation response was found in the spec, so Prism is generating this error for you.';

/** The detail of the 400 for a malformed path parameter where the contract declares no 400 or 422. */
export const malformedPathDetail =
  'A path parameter of your request does not match the contract and no HTTP validation response was found in the spec, so the mock is generating this error for you.';

/** The detail of the 401 where the contract declares no 401. */
export const unauthorizedDetail =
  'Your request does not fullfil the security requirements and no HTTP unauthorized response was found in the spec, so Prism is generating this error for you.';

/**
 * How the contract's undeclared errors are answered: `error-message` where one of its error
 * responses (4XX, 5XX, default) is an object with `error` and `message` fields, as the Plant
 * Store's `Error` is, so every error of the API has one shape; else `problem` (RFC 7807, as Prism
 * answers them).
 *
 * @example
 * errorStyleOf(plantStoreResources); // 'error-message'
 * errorStyleOf(todoResources); // 'problem'
 */
export function errorStyleOf(resources: Iterable<IHttpOperation>): ErrorStyle {
  for (const resource of resources) {
    for (const response of resource.responses) {
      if (!/^([45]|default)/i.test(response.code)) continue;
      for (const content of response.contents ?? []) {
        if (!/json/i.test(content.mediaType)) continue;
        const properties = schemaProperties(content.schema);
        const names = new Set([...(properties?.keys() ?? [])].map((n) => n.toLowerCase()));
        if (names.has('error') && names.has('message')) return 'error-message';
      }
    }
  }
  return 'problem';
}

export type ErrorStyle = 'error-message' | 'problem';

/** The detail of the 500 that `--errors` answers instead of an answer breaking the contract. */
export const violationsDetail =
  'Your request/response is not valid and the --errors flag is set, so Prism is generating this error for you.';
