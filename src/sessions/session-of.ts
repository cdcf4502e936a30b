import type { IncomingHttpHeaders } from 'node:http';

export const defaultSession = 'default';

/** Names every session: admin reads over all of them, and stubs that answer them all. */
export const allSessions = '*';

/**
 * The longest session name, in bytes: every session keeps its name in the store, the stubs, the
 * coverage and the journal.
 */
export const maxSessionBytes = 256;

/**
 * The session a request belongs to: its `X-Mock-Session` header, else `default`. A name past
 * maxSessionBytes is cut to it, so that no state is keyed by a longer one (the request itself is
 * refused: see sessionNameProblem).
 */
export function sessionOf(headers: IncomingHttpHeaders): string {
  const session = sessionHeaderOf(headers) ?? defaultSession;
  return session.length > maxSessionBytes ? session.slice(0, maxSessionBytes) : session;
}

/** The session the `X-Mock-Session` header names, trimmed; undefined when it names none. */
export function sessionHeaderOf(headers: IncomingHttpHeaders): string | undefined {
  const header = headers['x-mock-session'];
  const session = (Array.isArray(header) ? header.join(', ') : header)?.trim();
  return session === undefined || session === '' ? undefined : session;
}

/**
 * Why a session name cannot be used (too long), as the message of a 400; undefined when it can.
 * Header values reach Node as latin1 strings, one character per byte; a name given in a query
 * string is measured as UTF-8.
 *
 * @example
 * sessionNameProblem('a'.repeat(300)); // 'Failed to read X-Mock-Session: ...'
 */
export function sessionNameProblem(session: string | undefined): string | undefined {
  if (session === undefined || Buffer.byteLength(session) <= maxSessionBytes) return undefined;
  return `Failed to read the session: its name is ${Buffer.byteLength(session)} bytes, over the limit of ${maxSessionBytes}. Make sure X-Mock-Session (or ?session=) names the session in at most ${maxSessionBytes} bytes.`;
}
