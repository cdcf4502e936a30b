import { createRequire } from 'node:module';
import { HttpError } from '../../errors.ts';

// Required, not imported: see create-http-server.ts (an ESM import of node:http loads undici).
const { validateHeaderName, validateHeaderValue } = createRequire(import.meta.url)(
  'node:http',
) as typeof import('node:http');

/**
 * Headers that describe the connection or the body's framing, which the mock sets itself: a stub
 * that set them would make its answers unreadable (`transfer-encoding: chunked` on a body sent
 * whole) or lie about the body (`content-encoding: gzip` on plain JSON).
 */
const reservedHeaders = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'content-length',
  'content-encoding',
]);

/**
 * Clients refuse answers whose head is over 16 KiB (Node's and undici's default): half of it for
 * a stub's own headers leaves room for the mock's.
 */
const maxHeaderBytes = 8 * 1024;

/**
 * Checks a stub's response headers before it is registered, so that a bad one is a 400 naming
 * the header now rather than a broken answer to every request it matches later. Names and values
 * are held to Node's own rules (`validateHeaderName`, `validateHeaderValue`), values also to
 * printable ASCII, which every client reads alike.
 *
 * @example
 * checkStubHeaders({ 'x-trace': 'abc' }); // passes
 * checkStubHeaders({ 'transfer-encoding': 'chunked' }); // throws HttpError INVALID_ADMIN_REQUEST (400)
 */
export function checkStubHeaders(headers: Readonly<Record<string, string>> | undefined): void {
  if (headers === undefined) return;
  let bytes = 0;
  for (const [name, value] of Object.entries(headers)) {
    const problem = problemWith(name, value);
    if (problem !== undefined) {
      throw new HttpError(
        'INVALID_ADMIN_REQUEST',
        `Failed to register the stub: its response header ${JSON.stringify(name)} ${problem}.`,
      );
    }
    bytes += name.length + value.length + 4;
  }
  if (bytes > maxHeaderBytes) {
    throw new HttpError(
      'INVALID_ADMIN_REQUEST',
      `Failed to register the stub: its response headers take ${bytes} bytes, over the ${maxHeaderBytes} a stub may add (clients refuse answers whose headers pass 16 KiB). Make sure to send fewer or shorter headers.`,
    );
  }
}

function problemWith(name: string, value: string): string | undefined {
  try {
    validateHeaderName(name);
  } catch {
    return "is not a valid header name. Make sure it is a token: letters, digits and !#$%&'*+-.^_`|~, no spaces or colons";
  }
  if (reservedHeaders.has(name.toLowerCase())) {
    return 'describes the connection or the body framing, which the mock sets itself. Make sure to leave it out';
  }
  try {
    validateHeaderValue(name, value);
  } catch {
    return 'has a value with a line break or a control character, which would split or break the answer. Make sure to send one line of printable ASCII';
  }
  // Node sends other characters as single bytes (Latin-1) or refuses them; clients read them apart.
  if (!/^[\t\x20-\x7e]*$/.test(value)) {
    return 'has a value that is not printable ASCII. Make sure to percent-encode it (or use RFC 8187 encoding)';
  }
  return undefined;
}
