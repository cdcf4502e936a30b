import type { ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { Duplex } from 'node:stream';
import { HttpError, type AnsweredErrorCode } from '../errors.ts';
import { errorBodyOf } from './handle-errors.ts';
import { jsonContentType } from './send-answer.ts';

// Required, not imported, as in create-http-server.ts: the ESM facade of node:http loads undici.
const { STATUS_CODES } = createRequire(import.meta.url)('node:http') as typeof import('node:http');

/**
 * The server's `clientError` listener: a request that Node's HTTP parser refuses (a malformed
 * request line or header, headers over Node's limit, a request not received in time) gets an
 * `Error`-shaped JSON answer like every other refusal, with the status Node would have sent
 * bare, and the connection is closed, since the parser cannot find the next request on it.
 */
export function refuseMalformedRequest(error: NodeJS.ErrnoException, socket: Duplex): void {
  // A reset socket has no one to answer; one whose answer has begun cannot take another.
  const current = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || current?.headersSent === true) {
    socket.destroy();
    return;
  }
  const httpError = httpErrorOf(error);
  const body = JSON.stringify(errorBodyOf(httpError));
  // Written, then closed as Node closes it after its own bare answer.
  socket.write(
    `HTTP/1.1 ${httpError.status} ${STATUS_CODES[httpError.status] ?? 'Bad Request'}\r\n` +
      `content-type: ${jsonContentType}\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\n` +
      'x-content-type-options: nosniff\r\n' +
      `connection: close\r\n\r\n${body}`,
    () => {
      socket.destroy();
    },
  );
  // Bounded: a client that does not read its answer must not hold the socket.
  setTimeout(() => {
    socket.destroy();
  }, 1_000).unref();
}

// As Node's own answers: 408 for a timeout, 431 for headers too large, 413 for chunk extensions
// too large, 400 (MALFORMED_HTTP) for anything else the parser refuses.
const refusals: Record<string, [AnsweredErrorCode, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [
    'REQUEST_TIMEOUT',
    'it was not received in time. Make sure to send the whole request within --request-timeout.',
  ],
  HPE_HEADER_OVERFLOW: [
    'HEADERS_TOO_LARGE',
    'its headers are larger than the server accepts (16 KiB). Make sure to send fewer or shorter headers.',
  ],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [
    'PAYLOAD_TOO_LARGE',
    'its chunk extensions are too large. Make sure to send the body without chunk extensions.',
  ],
};

function httpErrorOf(error: NodeJS.ErrnoException): HttpError {
  const refusal = refusals[error.code ?? ''];
  if (refusal !== undefined)
    return new HttpError(refusal[0], `Failed to read the request: ${refusal[1]}`);
  const reason = (error.message || 'the request is malformed').replace(/\.$/, '');
  return new HttpError(
    'MALFORMED_HTTP',
    `Failed to parse the HTTP request: ${reason} (${error.code ?? 'parse error'}). Make sure to send a well-formed HTTP/1.1 request.`,
  );
}
