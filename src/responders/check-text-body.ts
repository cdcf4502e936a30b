import { problemDetails } from '../contract/problem-details.ts';
import type { EngineResponse } from '../contract/engine-messages.ts';
import { HttpError } from '../errors.ts';

/**
 * Refuses to send an object or array as a `text/*` body: the contract's example (or schema) does
 * not fit its media type, and JSON labelled as text would hide that. 500 naming the operation,
 * Prism's `NO_COMPLEX_OBJECT_TEXT` where the contract's errors are problems. A number or a
 * boolean goes out as its text.
 *
 * @example
 * checkTextBody('GET /labels', { status: 200, headers: {}, body: { name: 'Fern' }, mediaType: 'text/plain' }); // throws
 */
export function checkTextBody(operationId: string, response: EngineResponse): void {
  const { body, mediaType } = response;
  if (typeof body !== 'object' || body === null || mediaType === undefined) return;
  if (!/^\s*text\//i.test(mediaType)) return;
  throw new HttpError(
    'UNANSWERABLE_RESPONSE',
    `Failed to answer ${operationId}: its ${response.status} response is ${mediaType}, but its example or schema is ${Array.isArray(body) ? 'an array' : 'an object'}. Make sure a text response has a string example.`,
    {
      problem: problemDetails('NO_COMPLEX_OBJECT_TEXT', 'Cannot serialise complex objects as text'),
    },
  );
}
