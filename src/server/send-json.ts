import type { ServerResponse } from 'node:http';

/** How every answer with a body is labelled, whatever the answer's own headers say. */
const jsonContentType = 'application/json; charset=utf-8';

/**
 * Sends an answer: its headers, then its body as JSON (`undefined` sends none). 204 and 304
 * answers never carry a body or its headers.
 *
 * @example
 * sendJson(res, 200, { 'x-trace': 'abc' }, { name: 'Monstera' });
 */
export function sendJson(
  res: ServerResponse,
  status: number,
  headers: Readonly<Record<string, string>>,
  body: unknown,
): void {
  sendText(res, status, headers, body === undefined ? undefined : JSON.stringify(body));
}

/**
 * Sends an answer whose body is already text, labelled as JSON (the `malformed` fault sends JSON
 * cut short this way).
 *
 * @example
 * sendText(res, 200, {}, '{"name": ');
 */
export function sendText(
  res: ServerResponse,
  status: number,
  headers: Readonly<Record<string, string>>,
  text: string | undefined,
): void {
  res.statusCode = status;
  for (const name in headers) res.setHeader(name, headers[name] as string);
  if (status === 204 || status === 304) {
    res.removeHeader('content-type');
    res.removeHeader('content-length');
    res.end();
    return;
  }
  if (text === undefined) {
    res.end();
    return;
  }
  res.setHeader('content-type', jsonContentType);
  res.setHeader('content-length', Buffer.byteLength(text));
  res.end(text);
}
