import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { ResolvedConfig } from '../config/config-schema.ts';
import type { Recorder } from '../observe/record-interactions.ts';
import { answerExchange, presetHeaders } from './send-answer.ts';
import { checkCharset } from './check-charset.ts';
import { corsPolicy, isBrowserRequest, withoutOriginHeaders } from './cors-policy.ts';
import { openExchange, type Exchange, type RequestTarget } from './exchange.ts';
import { errorBodyOf, toHttpError } from './handle-errors.ts';
import type { RequestLog } from '../observe/log-requests.ts';
import { createBodyReader } from './read-body-bytes.ts';

export interface MockLaneDeps {
  config: Pick<ResolvedConfig, 'cors' | 'maxBodyBytes' | 'mode'>;
  logger: Logger;
  logRequest: RequestLog;
  /** The request pipeline; it answers, or throws an HttpError for the lane to answer. */
  handle: (exchange: Exchange) => Promise<void>;
  recorder: Recorder;
  /** Marks the request's session as used (see createSessionTable). */
  touchSession: (session: string) => void;
}

/**
 * Serves mock traffic (everything outside `/__admin`) straight on node:http: the mock's hot
 * path, so it skips Express's router and its request and response decorations. In order: the
 * nosniff header, CORS (a preflight ends there), the journal, the raw body (gzip, deflate and br
 * inflated; 413 past --max-body; 415 for a charset other than UTF-8), the pipeline, and an
 * `Error`-shaped answer for anything the pipeline refuses or fails at. Every answer gets one log
 * line.
 *
 * @example
 * const lane = createMockLane({ config, logger, logRequest, handle, recorder });
 * http.createServer(lane).listen(0, '127.0.0.1');
 */
export function createMockLane({
  config,
  logger,
  logRequest,
  handle,
  recorder,
  touchSession,
}: MockLaneDeps) {
  const readRawBody = createBodyReader(config.maxBodyBytes);
  const applyCors = config.cors ? corsPolicy() : undefined;
  const nosniff = ['x-content-type-options', 'nosniff'] as const;
  // Written with each answer rather than set one by one as the request goes (see answerExchange).
  const preset = presetHeaders(config.cors ? [nosniff, ...withoutOriginHeaders] : [nosniff]);
  const noPreset = presetHeaders([]);

  function fail(exchange: Exchange, error: unknown): void {
    const httpError = toHttpError(error, config.maxBodyBytes);
    if (httpError.status >= 500) {
      logger.error({ err: error, path: exchange.path }, 'request failed');
    }
    if (exchange.res.headersSent) {
      exchange.req.socket.destroy();
      return;
    }
    exchange.error = httpError;
    answerExchange(exchange, httpError.status, httpError.headers, errorBodyOf(httpError));
  }

  function serve(req: IncomingMessage, res: ServerResponse, exchange: Exchange): void {
    recorder.admit(exchange);
    readRawBody(req, res, (error, body) => {
      if (error !== undefined && error !== null) {
        fail(exchange, error);
        return;
      }
      exchange.body = body;
      // Like an encoding it cannot inflate, a charset it cannot decode is refused before the
      // pipeline; read first all the same, for the journal to show what was sent.
      if (body !== undefined && body.length > 0) {
        try {
          checkCharset(req.headers['content-type']);
        } catch (refusal) {
          fail(exchange, refusal);
          return;
        }
      }
      handle(exchange).catch((failure: unknown) => {
        fail(exchange, failure);
      });
    });
  }

  return function serveMockRequest(
    req: IncomingMessage,
    res: ServerResponse,
    target?: RequestTarget,
  ): void {
    const browser = applyCors !== undefined && isBrowserRequest(req);
    const exchange = openExchange(req, res, performance.now(), browser ? noPreset : preset, target);
    touchSession(exchange.session);
    // One listener for both: the journal records every admitted request, the log every answer.
    res.once('close', () => {
      recorder.record(exchange);
      if (!res.writableFinished) return;
      logRequest({
        method: exchange.method,
        path: exchange.path,
        status: res.statusCode,
        started: exchange.started,
        operationId: exchange.outcome?.operation?.operationId ?? null,
        source: sourceOf(exchange),
      });
    });
    if (!browser) {
      serve(req, res, exchange);
      return;
    }
    // The cors package sets its headers on the response, and ends a preflight itself.
    exchange.headersOnResponse = true;
    res.setHeader(nosniff[0], nosniff[1]);
    applyCors(req, res, () => {
      serve(req, res, exchange);
    });
  };
}

function sourceOf({ outcome, error, method }: Exchange): string {
  if (outcome !== undefined) return outcome.source;
  if (error !== undefined) return `error:${error.code}`;
  return method === 'OPTIONS' ? 'preflight' : 'unknown';
}
