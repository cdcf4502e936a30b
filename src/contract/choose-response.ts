import type { IHttpOperationResponse, IMediaTypeContent } from '@stoplight/types';
import type { ContractOperation } from './contract-operation.ts';
import { responseForStatus } from '../parsing/response-for-status.ts';
import { prismNegotiatorHelpers } from './prism-internals.ts';

/** The declared response that answers a status, and the body content the request accepts. */
export type ResponseChoice =
  | {
      ok: true;
      response: IHttpOperationResponse;
      /** Undefined when the answer goes out without a body. */
      content: IMediaTypeContent | undefined;
      /** The media type the body is labelled with (`*` wildcards become text/plain, as in Prism). */
      mediaType: string | undefined;
    }
  | { ok: false; status: 404 | 406; reason: string };

/**
 * The response the contract declares for a status: the exact code, else its range (`2XX`), else
 * `default`; then, as Prism negotiates, the content the `Accept` header asks for (406 when the
 * response has contents and none is acceptable), or with no `Accept` the `*` content, else JSON,
 * else the first.
 *
 * @example
 * chooseResponse(ping, 200, 'text/plain'); // { ok: true, mediaType: 'text/plain', ... }
 * chooseResponse(ping, 200, 'image/png'); // { ok: false, status: 406, reason: 'Unable to find content for image/png' }
 */
export function chooseResponse(
  operation: ContractOperation,
  status: number,
  accept: string | undefined,
): ResponseChoice {
  // Clients send the same few Accept headers again and again: negotiate each once (it parses
  // every media type), up to a bound, so that odd headers cannot grow the cache without end.
  let byStatus = negotiated.get(operation);
  if (byStatus === undefined)
    negotiated.set(operation, (byStatus = new Map<number, Map<string, ResponseChoice>>()));
  let byAccept = byStatus.get(status);
  if (byAccept === undefined) byStatus.set(status, (byAccept = new Map<string, ResponseChoice>()));
  const key = accept ?? '';
  let choice = byAccept.get(key);
  if (choice === undefined) {
    choice = negotiate(operation, status, accept);
    if (byAccept.size < maxChoicesPerStatus) byAccept.set(key, choice);
  }
  return choice;
}

const negotiated = new WeakMap<ContractOperation, Map<number, Map<string, ResponseChoice>>>();
const maxChoicesPerStatus = 64;

function negotiate(
  operation: ContractOperation,
  status: number,
  accept: string | undefined,
): ResponseChoice {
  const response = declaredResponse(operation, status);
  if (response === undefined) {
    return {
      ok: false,
      status: 404,
      reason: `Requested status code ${status} is not defined in the document.`,
    };
  }
  const contents = response.contents ?? [];
  if (operation.method === 'HEAD' || contents.length === 0) {
    return { ok: true, response, content: undefined, mediaType: undefined };
  }
  const mediaTypes = (accept ?? '')
    .split(',')
    .map((type) => type.trim())
    .filter((type) => type !== '');
  let content: IMediaTypeContent | undefined;
  if (mediaTypes.length === 0) {
    content =
      contents.find((c) => c.mediaType === '*/*') ??
      bestContent(contents, ['application/json', '*/*']);
  } else {
    content = bestContent(contents, mediaTypes);
    if (content === undefined) {
      if (mediaTypes.some((type) => type.includes('*/*'))) {
        return { ok: true, response, content: undefined, mediaType: undefined };
      }
      return {
        ok: false,
        status: 406,
        reason: `Unable to find content for ${mediaTypes.join(',')}`,
      };
    }
  }
  if (content === undefined)
    return { ok: true, response, content: undefined, mediaType: undefined };
  const mediaType = content.mediaType.includes('*') ? 'text/plain' : content.mediaType;
  return { ok: true, response, content, mediaType };
}

/**
 * The response declared for a status: the exact code, else its range (`4XX`), else `default`.
 *
 * @example
 * declaredResponse(ping, 503)?.code; // 'default'
 */
export function declaredResponse(
  operation: ContractOperation,
  status: number,
): IHttpOperationResponse | undefined {
  return responseForStatus(operation.resource.responses, status);
}

function bestContent(
  contents: IMediaTypeContent[],
  mediaTypes: string[],
): IMediaTypeContent | undefined {
  const found = prismNegotiatorHelpers().findBestHttpContentByMediaType(contents, mediaTypes);
  return found._tag === 'Some' ? found.value : undefined;
}
