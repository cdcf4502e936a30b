import type { IncomingHttpHeaders } from 'node:http';

export const defaultSession = 'default';

/** Names every session: admin reads over all of them, and stubs that answer them all. */
export const allSessions = '*';

/**
 * The longest session name, in bytes: every session keeps its name in the store, the stubs, the
 * coverage and the journal.
 */
export const maxSessionBytes = 256;

// ASCII controls (newline, NUL, tab, ...) and DEL: a header value carries none of them but the tab.
// eslint-disable-next-line no-control-regex
const controlCharacter = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001f\u007f]/g;

/**
 * The session a request belongs to: its `X-Mock-Session` header, else `default`. A name past
 * maxSessionBytes is cut to it, its control characters read U+FFFD, and `*` (every session) reads
 * U+FFFD, so that no state (nor the refused request's journal entry) is keyed by such a name (the
 * request itself is refused: see sessionNameProblem and checkSession).
 */
export function sessionOf(headers: IncomingHttpHeaders, inPath?: string): string {
  const session = inPath ?? sessionHeaderOf(headers) ?? defaultSession;
  const name = session.slice(0, maxSessionBytes).replace(controlCharacters, '\ufffd');
  return name === allSessions ? '\ufffd' : name;
}

/**
 * The prefix of a session's base URL: `/__session/NAME/plants` answers as `/plants` in NAME (the
 * client builds the same URL: see src/client/create-mock-client.ts).
 */
export const sessionPathPrefix = '/__session/';

/**
 * A request path split into the session its base URL names and the contract's path:
 * `/__session/bob/plants` is `/plants` in session `bob` (the name percent-decoded, trimmed).
 * Undefined for a path outside `/__session/`.
 *
 * @example
 * sessionInPath('/__session/checkout%2Fweb/plants/1'); // { session: 'checkout/web', path: '/plants/1' }
 */
export function sessionInPath(path: string): { session: string; path: string } | undefined {
  if (!path.startsWith(sessionPathPrefix)) return undefined;
  const end = path.indexOf('/', sessionPathPrefix.length);
  const raw = path.slice(sessionPathPrefix.length, end === -1 ? undefined : end);
  let session = raw;
  try {
    session = decodeURIComponent(raw);
  } catch {
    // Not percent-encoded UTF-8: the segment as it came is the name.
  }
  return { session: session.trim(), path: end === -1 ? '/' : path.slice(end) };
}

/** The session the `X-Mock-Session` header names, trimmed; undefined when it names none. */
export function sessionHeaderOf(headers: IncomingHttpHeaders): string | undefined {
  const header = headers['x-mock-session'];
  const session = (Array.isArray(header) ? header.join(', ') : header)?.trim();
  return session === undefined || session === '' ? undefined : session;
}

/**
 * Why a session name cannot be used (empty, too long, or with a control character), as the
 * message of a 400; undefined when it can.
 * Header values reach Node as latin1 strings, one character per byte; a name given in a query
 * string is measured as UTF-8.
 *
 * @example
 * sessionNameProblem('a'.repeat(300)); // 'Failed to read X-Mock-Session: ...'
 */
export function sessionNameProblem(session: string | undefined): string | undefined {
  if (session === '')
    return `Failed to read the session: ${sessionPathPrefix}NAME/ names no session. Make sure the base URL names one, e.g. ${sessionPathPrefix}checkout/.`;
  // A base URL can carry them percent-encoded; a stored name must not (a newline split the
  // journal's entries in Redis, and broke every read of it).
  if (session !== undefined && controlCharacter.test(session))
    return `Failed to read the session: its name holds a control character (${JSON.stringify(session.slice(0, 40))}). Make sure the session's name is printable text.`;
  if (session === undefined || Buffer.byteLength(session) <= maxSessionBytes) return undefined;
  return `Failed to read the session: its name is ${Buffer.byteLength(session)} bytes, over the limit of ${maxSessionBytes}. Make sure X-Mock-Session (or ?session=, or ${sessionPathPrefix}NAME/) names the session in at most ${maxSessionBytes} bytes.`;
}
