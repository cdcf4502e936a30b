import XMLBuilder from 'fast-xml-builder';
import { isJsonMediaType, isXmlMediaType } from '../contract/media-type.ts';
import type { Exchange } from './exchange.ts';
import { redactResponseInPlace } from '../interactions/redact-headers.ts';
import { flattenHeaders } from '../parsing/flatten-headers.ts';
import { jsonContentType } from './send-json.ts';

// The builder Prism's serializer uses (fast-xml-parser's XMLBuilder is this package), with its
// settings, so the XML is the same as Prism's.
const xmlBuilder = new XMLBuilder({});

/**
 * Sends a mock request's answer with its own headers (they win over those the lane set already:
 * nosniff, CORS), and keeps what was sent on the exchange for the journal.
 * The body goes out as JSON, or in `mediaType` when the contract declares one: a string as it
 * is, an object for an XML media type as XML under an `<xml>` root (as Prism builds it), anything
 * else as JSON. `undefined` sends no body; 204 and 304 answers never carry one, nor
 * its headers.
 *
 * @example
 * sendAnswer(exchange, 200, {}, { name: 'Monstera' });
 * sendAnswer(exchange, 200, {}, 'pong', 'text/plain');
 */
export function sendAnswer(
  exchange: Exchange,
  status: number,
  headers: Readonly<Record<string, string>>,
  body: unknown,
  mediaType?: string,
): void {
  if (mediaType !== undefined && body !== undefined && isXmlMediaType(mediaType)) {
    const text = typeof body === 'string' ? body : xmlBuilder.build({ xml: body });
    writeAnswer(exchange, status, headers, body, text, false, mediaType);
    return;
  }
  const asText = mediaType !== undefined && !isJsonMediaType(mediaType) && typeof body === 'string';
  writeAnswer(
    exchange,
    status,
    headers,
    body,
    body === undefined ? undefined : asText ? body : JSON.stringify(body),
    !asText,
    mediaType ?? jsonContentType,
  );
}

/**
 * Sends a mock request's answer whose body is already text, labelled as JSON (the `malformed`
 * fault sends JSON cut short this way); `body` is what the journal records for it.
 *
 * @example
 * sendAnswerText(exchange, 200, '{"name": ', '{"name": ');
 */
export function sendAnswerText(
  exchange: Exchange,
  status: number,
  text: string,
  body: unknown,
): void {
  writeAnswer(exchange, status, {}, body, text, false, jsonContentType);
}

// `isJson`: the text is the body's JSON, which the journal can take as it is.
function writeAnswer(
  exchange: Exchange,
  status: number,
  headers: Readonly<Record<string, string>>,
  body: unknown,
  text: string | undefined,
  isJson: boolean,
  contentType: string,
): void {
  const { res } = exchange;
  // The body's labels are the mock's own: an answer's headers never relabel it.
  for (const name in headers) {
    const key = name.toLowerCase();
    if (key !== 'content-type' && key !== 'content-length')
      res.setHeader(key, headers[name] as string);
  }
  const withBody = text !== undefined && status !== 204 && status !== 304;
  if (withBody) {
    res.setHeader('content-type', contentType);
    res.setHeader('content-length', Buffer.byteLength(text));
  }
  exchange.sent = isJson && text !== undefined ? { status, body, json: text } : { status, body };
  res.writeHead(status);
  res.end(withBody ? text : undefined);
}

/**
 * The headers an exchange's answer went out with, as a JSON object text, names lower-case: the
 * journal's `response.headers`, read from the response as Node wrote them.
 *
 * @example
 * sentHeadersJson(exchange); // '{"x-content-type-options":"nosniff",...,"content-length":"22"}'
 */
export function sentHeadersJson(exchange: Exchange): string {
  // A stub's or an example's cookies are as secret as the client's.
  return JSON.stringify(redactResponseInPlace(flattenHeaders(exchange.res.getHeaders())));
}
