import { charsetOf } from '../contract/media-type.ts';
import { HttpError } from '../errors.ts';

// JSON is UTF-8 (RFC 8259); `utf8` is the WHATWG Encoding Standard's other label for it.
const utf8Labels = new Set(['utf-8', 'utf8']);

/**
 * Refuses a request body declared in a charset other than UTF-8 with a 415 (UNSUPPORTED_ENCODING):
 * the mock decodes every body as UTF-8, and would otherwise misread it, or call its bytes invalid.
 * No charset at all means UTF-8.
 *
 * @example
 * checkCharset('application/json; charset=iso-8859-1'); // throws HttpError 415
 */
export function checkCharset(contentType: string | undefined): void {
  const charset = contentType === undefined ? undefined : charsetOf(contentType);
  if (charset === undefined || utf8Labels.has(charset)) return;
  throw new HttpError(
    'UNSUPPORTED_ENCODING',
    `Failed to decode the request body: charset ${charset} is not supported. Make sure to send it as UTF-8, with charset=utf-8 or no charset in the Content-Type.`,
  );
}
