import { isJsonMediaType } from '../contract/media-type.ts';
import type { Exchange, PresetHeaders, SentHeaders } from './exchange.ts';
import { redactResponseInPlace } from '../interactions/redact-headers.ts';
import { flattenHeaders } from '../parsing/flatten-headers.ts';
import { jsonContentType } from './send-json.ts';

/**
 * Makes a PresetHeaders from name–value pairs.
 *
 * @example
 * presetHeaders([['x-content-type-options', 'nosniff']]).members; // '"x-content-type-options":"nosniff"'
 */
export function presetHeaders(pairs: readonly (readonly [string, string])[]): PresetHeaders {
  const lowerCased = pairs.map(([name, value]) => [name.toLowerCase(), value] as const);
  return {
    flat: lowerCased.flat(),
    members: lowerCased
      .map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`)
      .join(','),
  };
}

/**
 * Sends a mock request's answer, in one `writeHead` with the exchange's preset headers (the
 * answer's own headers win over them), and keeps what was sent on the exchange for the journal.
 * The body goes out as JSON, or in `mediaType` when the contract declares one: a string as it
 * is, anything else as JSON. `undefined` sends no body; 204 and 304 answers never carry one, nor
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
  const withBody = text !== undefined && status !== 204 && status !== 304;
  const sent: SentHeaders = {
    preset: exchange.preset,
    own: ownHeaders(headers),
    contentLength: withBody ? String(Buffer.byteLength(text)) : undefined,
    contentType,
  };
  exchange.sent =
    isJson && text !== undefined
      ? { status, body, headers: sent, json: text }
      : { status, body, headers: sent };
  exchange.res.writeHead(status, flatList(sent));
  exchange.res.end(withBody ? text : undefined);
}

// The answer's own headers by lower-case name (the last of two spellings wins, as with
// setHeader), without the body's labels, which the mock sets itself.
function ownHeaders(headers: Readonly<Record<string, string>>): Map<string, string> | undefined {
  let own: Map<string, string> | undefined;
  for (const name in headers) {
    const key = name.toLowerCase();
    if (key === 'content-type' || key === 'content-length') continue;
    (own ??= new Map()).set(key, headers[name]);
  }
  return own;
}

function flatList({
  preset: { flat: preset },
  own,
  contentLength,
  contentType,
}: SentHeaders): string[] {
  const list: string[] = [];
  for (let i = 0; i < preset.length; i += 2) {
    if (own?.has(preset[i] as string) !== true)
      list.push(preset[i] as string, preset[i + 1] as string);
  }
  if (own !== undefined) for (const [name, value] of own) list.push(name, value);
  if (contentLength !== undefined)
    list.push('content-type', contentType, 'content-length', contentLength);
  return list;
}

/**
 * The headers an exchange's answer went out with, as a JSON object text, names lower-case: the
 * journal's `response.headers`. Headers set on the response itself (CORS for a browser's
 * request) come first, as Node writes them.
 *
 * @example
 * sentHeadersJson(exchange); // '{"x-content-type-options":"nosniff",...,"content-length":"22"}'
 */
export function sentHeadersJson(exchange: Exchange): string {
  const headers = exchange.sent?.headers;
  if (headers === undefined) return '{}';
  // Headers the cors package set on the response come first; an answer with its own headers
  // is rare: both go through an object. The usual answer: the preset's members, made once.
  if (exchange.headersOnResponse || headers.own !== undefined) {
    const merged = exchange.headersOnResponse ? flattenHeaders(exchange.res.getHeaders()) : {};
    const list = flatList(headers);
    for (let i = 0; i < list.length; i += 2) merged[list[i] as string] = list[i + 1] as string;
    // A stub's or an example's cookies are as secret as the client's.
    return JSON.stringify(redactResponseInPlace(merged));
  }
  const { members } = headers.preset;
  if (headers.contentLength === undefined) return `{${members}}`;
  const labels = `"content-type":${JSON.stringify(headers.contentType)},"content-length":"${headers.contentLength}"`;
  return `{${members === '' ? labels : `${members},${labels}`}}`;
}
