import type { ServerResponse } from 'node:http';

/** How every answer with a body is labelled, whatever the answer's own headers say. */
export const jsonContentType = 'application/json; charset=utf-8';

/**
 * Sends an admin answer: its headers, then its body as JSON (`undefined` sends none). 204 and 304
 * answers never carry a body or its headers. (The mock lane answers with sendAnswer, in one
 * `writeHead`.)
 */
export function sendJson(
  res: ServerResponse,
  status: number,
  headers: Readonly<Record<string, string>>,
  body: unknown,
): void {
  res.statusCode = status;
  for (const name in headers) res.setHeader(name, headers[name] as string);
  if (status === 204 || status === 304) {
    res.removeHeader('content-type');
    res.removeHeader('content-length');
    res.end();
    return;
  }
  if (body === undefined) {
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.setHeader('content-type', jsonContentType);
  res.setHeader('content-length', Buffer.byteLength(text));
  res.end(text);
}
