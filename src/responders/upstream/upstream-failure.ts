import type { FallbackTrigger } from '../../config/config-schema.ts';
import { problemDetails } from '../../contract/problem-details.ts';
import { HttpError } from '../../errors.ts';

// What a provider that cannot be reached fails with: refused, reset before it was reached, no
// route, no such host, or no connection within the time allowed.
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const timeoutCodes = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** How a forwarded request failed: `unreachable` may fall back to the mock, the rest may not. */
export type UpstreamFailure =
  { kind: 'unreachable'; error: HttpError } | { kind: 'failed'; error: HttpError };

/**
 * What a failed exchange with the provider means for the client: 502 for one that could not be
 * reached (the mock may answer instead), dropped the connection, answered malformed HTTP or more
 * than --max-body; 504 for one slower than --upstream-timeout. Each message names the provider.
 *
 * @example
 * upstreamFailure(error, 'http://127.0.0.1:8080', 30000, 1048576).error.status; // 502
 */
export function upstreamFailure(
  error: unknown,
  origin: string,
  timeoutMs: number,
  maxBodyBytes: number,
): UpstreamFailure {
  const code = codeOf(error);
  const reason = error instanceof Error ? error.message : String(error);
  if (unreachableCodes.has(code)) {
    const message = `Failed to reach the upstream ${origin}: ${code} (${reason}). Make sure the provider is running there, or let the mock answer (--fallback-on unreachable).`;
    return { kind: 'unreachable', error: badGateway(message, error) };
  }
  if (timeoutCodes.has(code) || code === 'TimeoutError') {
    const message = `The upstream ${origin} did not answer within --upstream-timeout (${timeoutMs} ms). Make sure the provider answers in time, or raise --upstream-timeout.`;
    return {
      kind: 'failed',
      error: new HttpError('GATEWAY_TIMEOUT', message, {
        cause: error,
        problem: problemDetails('UPSTREAM_TIMEOUT', message),
      }),
    };
  }
  if (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|SELF_SIGNED|DEPTH_ZERO|HOSTNAME_MISMATCH)/.test(code)) {
    const message = `Failed to reach the upstream ${origin} over TLS: ${code} (${reason}). Make sure the system's roots or NODE_EXTRA_CA_CERTS trust its certificate, and that it names the host.`;
    return { kind: 'failed', error: badGateway(message, error) };
  }
  const why =
    code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE'
      ? `its answer is larger than --max-body (${maxBodyBytes} bytes)`
      : code === 'HTTPParserError' || code.startsWith('HPE_')
        ? `it answered malformed HTTP (${reason})`
        : `it dropped the connection (${code === '' ? reason : `${code}: ${reason}`})`;
  const message = `Failed to get an answer from the upstream ${origin}: ${why}. Make sure the provider answers this request with well-formed HTTP.`;
  return { kind: 'failed', error: badGateway(message, error) };
}

function badGateway(message: string, cause: unknown): HttpError {
  return new HttpError('BAD_GATEWAY', message, {
    cause,
    problem: problemDetails('UPSTREAM_ERROR', message),
  });
}

/** Whether `--fallback-on` lets the mock answer after this status or failure. */
export function fallsBack(on: readonly FallbackTrigger[], what: number | 'unreachable'): boolean {
  return on.includes(String(what) as FallbackTrigger);
}

// undici wraps the socket's error; the code that says what happened is the innermost one. An
// abort by the time limit is a DOMException named TimeoutError (its numeric `code` says nothing);
// undici's parser error may carry no code.
function codeOf(error: unknown): string {
  let current: unknown = error;
  let code = '';
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const named = current.name === 'TimeoutError' || current.name === 'HTTPParserError';
    const own: unknown = named ? current.name : (current as { code?: unknown }).code;
    if (typeof own === 'string' && own !== '') code = own;
    current = current.cause;
  }
  return code;
}
