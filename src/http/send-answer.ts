import XMLBuilder from 'fast-xml-builder';
import type { PassedBody } from '../contract/engine-messages.ts';
import { isJsonMediaType, isXmlMediaType } from '../contract/media-type.ts';
import type { Exchange } from '../pipeline/exchange.ts';
import { redactResponseInPlace } from '../interactions/redact-headers.ts';
import { flattenHeaders } from '../parsing/flatten-headers.ts';

/** How every answer with a body is labelled, whatever the answer's own headers say. */
export const jsonContentType = 'application/json; charset=utf-8';

// The builder Prism's serializer uses (fast-xml-parser's XMLBuilder is this package), with its
// settings, so the XML is the same as Prism's.
const xmlBuilder = new XMLBuilder({});

/**
 * Sends a mock request's answer with its own headers (they win over those the lane set already:
 * nosniff, CORS), and keeps what was sent on the exchange for the observers.
 * The body goes out as JSON, or in `mediaType` when the contract declares one: a string as it
 * is, an object for an XML media type as XML under an `<xml>` root (as Prism builds it), anything
 * else as JSON. `undefined` sends no body; 204 and 304 answers never carry one, nor
 * its headers.
 */
export function sendAnswer(
  exchange: Exchange,
  status: number,
  headers: Readonly<Record<string, string>>,
  body: unknown,
  mediaType?: string,
): void {
  const { text, isJson, contentType } = encodeAnswerBody(body, mediaType);
  writeAnswer(exchange, status, headers, body, text, isJson ? text : undefined, contentType);
}

/**
 * The text an answer's body goes out as, whether that text is its JSON, and its content type
 * (see sendAnswer): for any transport.
 *
 * @example
 * encodeAnswerBody({ name: 'Monstera' }); // { text: '{"name":"Monstera"}', isJson: true, contentType: 'application/json' }
 */
export function encodeAnswerBody(
  body: unknown,
  mediaType?: string,
): { text: string | undefined; isJson: boolean; contentType: string } {
  if (mediaType !== undefined && body !== undefined && isXmlMediaType(mediaType)) {
    const text = typeof body === 'string' ? body : xmlBuilder.build({ xml: body });
    return { text, isJson: false, contentType: mediaType };
  }
  const asText = mediaType !== undefined && !isJsonMediaType(mediaType) && typeof body === 'string';
  return {
    text: body === undefined ? undefined : asText ? body : JSON.stringify(body),
    isJson: !asText,
    contentType: mediaType ?? jsonContentType,
  };
}

/**
 * Sends a mock request's answer whose body is already text, labelled as JSON (the `malformed`
 * fault sends JSON cut short this way); `body` is what the journal records for it.
 */
export function sendAnswerText(
  exchange: Exchange,
  status: number,
  text: string,
  body: unknown,
): void {
  writeAnswer(exchange, status, {}, body, text, undefined, jsonContentType);
}

/**
 * Sends a provider's answer on (`--upstream`): its bytes as they came, labelled with its own
 * content type (none when it sent none), each cookie in a header of its own.
 */
export function sendPassedAnswer(
  exchange: Exchange,
  status: number,
  headers: Readonly<Record<string, string>>,
  { bytes, json, cookies }: PassedBody,
): void {
  // The cookies go one a header; the joined value is what the checks and the journal read.
  const own = cookies.length === 0 ? headers : withoutCookies(headers);
  const text = json ?? bytes.toString('utf8');
  const body = bytes.length === 0 ? undefined : text;
  const sent = bytes.length === 0 ? undefined : bytes;
  writeAnswer(exchange, status, own, body, sent, json, headers['content-type'], cookies);
}

// `json`: the body's JSON text, which the journal can take as it is.
function writeAnswer(
  exchange: Exchange,
  status: number,
  headers: Readonly<Record<string, string>>,
  body: unknown,
  text: string | Buffer | undefined,
  json: string | undefined,
  contentType: string | undefined,
  cookies: readonly string[] = [],
): void {
  const { res, laneHeaders } = exchange;
  const { list, withBody } = answerHeaderList(
    status,
    headers,
    text,
    contentType,
    laneHeaders,
    cookies,
  );
  res.writeHead(status, list);
  exchange.sent = {
    status,
    body,
    json,
    headersJson: headersJson(laneHeaders === undefined ? undefined : list, res),
  };
  res.end(withBody ? text : undefined);
}

function withoutCookies(headers: Readonly<Record<string, string>>): Record<string, string> {
  const others = { ...headers };
  delete others['set-cookie'];
  return others;
}

/**
 * The headers an answer goes out with, as one flat name, value list: its own (never its body's
 * labels), then the body's content type and length, after the lane's that it does not override.
 */
export function answerHeaderList(
  status: number,
  headers: Readonly<Record<string, string>>,
  text: string | Buffer | undefined,
  contentType: string | undefined,
  laneHeaders: readonly string[] | undefined,
  cookies: readonly string[] = [],
): { list: string[]; withBody: boolean } {
  // One flat list for one writeHead: Node writes it as it is, with no per-header bookkeeping.
  const list: string[] = [];
  // The body's labels are the mock's own: an answer's headers never relabel it.
  for (const name in headers) {
    const key = name.toLowerCase();
    if (key !== 'content-type' && key !== 'content-length') list.push(key, headers[name] as string);
  }
  for (const cookie of cookies) list.push('set-cookie', cookie);
  const withBody = text !== undefined && status !== 204 && status !== 304;
  if (withBody && contentType !== undefined) list.push('content-type', contentType);
  if (withBody) list.push('content-length', String(Buffer.byteLength(text)));
  // The answer's own headers win over the lane's (listed ahead of the answer's; or set on the
  // response, as the cors package does on an OPTIONS request).
  return { list: laneHeaders === undefined ? list : withLaneHeaders(laneHeaders, list), withBody };
}

function withLaneHeaders(laneHeaders: readonly string[], list: readonly string[]): string[] {
  const all: string[] = [];
  for (let i = 0; i < laneHeaders.length; i += 2) {
    const name = laneHeaders[i] as string;
    if (!hasName(list, name.toLowerCase())) all.push(name, laneHeaders[i + 1] as string);
  }
  return all.concat(list);
}

function hasName(list: readonly string[], name: string): boolean {
  for (let i = 0; i < list.length; i += 2) if (list[i] === name) return true;
  return false;
}

// The journal's `response.headers`, names lower-case: from the list the answer was written with,
// or from the response when headers were set on it before (a browser's CORS).
function headersJson(list: readonly string[] | undefined, res: Exchange['res']): string {
  return list === undefined
    ? redactedHeadersJson(flattenHeaders(res.getHeaders()))
    : headerListJson(list);
}

/**
 * The journal's `response.headers` of an answer written with `list` (see answerHeaderList): names
 * lower-case, repeated names joined, secrets redacted, as JSON text.
 *
 * @example
 * headerListJson(['content-type', 'application/json']); // '{"content-type":"application/json"}'
 */
export function headerListJson(list: readonly string[]): string {
  const headers: Record<string, string> = {};
  for (let i = 0; i < list.length; i += 2) {
    const name = (list[i] as string).toLowerCase();
    const value = list[i + 1] as string;
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return redactedHeadersJson(headers);
}

// A stub's or an example's cookies are as secret as the client's.
function redactedHeadersJson(headers: Record<string, string>): string {
  return JSON.stringify(redactResponseInPlace(headers));
}
