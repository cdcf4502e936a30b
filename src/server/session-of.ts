import type { IncomingHttpHeaders } from 'node:http';

export const defaultSession = 'default';

/** The session a request belongs to: its `X-Mock-Session` header, else `default`. */
export function sessionOf(headers: IncomingHttpHeaders): string {
  return sessionHeaderOf(headers) ?? defaultSession;
}

/** The session the `X-Mock-Session` header names, trimmed; undefined when it names none. */
export function sessionHeaderOf(headers: IncomingHttpHeaders): string | undefined {
  const header = headers['x-mock-session'];
  const session = (Array.isArray(header) ? header.join(', ') : header)?.trim();
  return session === undefined || session === '' ? undefined : session;
}
