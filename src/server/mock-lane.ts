import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { ResolvedConfig } from '../config/config-schema.ts';
import type { Recorder } from '../journal/record-interactions.ts';
import { corsPolicy } from './cors-policy.ts';
import { openExchange, type Exchange, type RequestTarget } from './exchange.ts';
import { sendHttpError, toHttpError } from './handle-errors.ts';
import { logRequest } from './log-requests.ts';
import { createBodyReader } from './read-raw-body.ts';

export interface MockLaneDeps {
  config: Pick<ResolvedConfig, 'cors' | 'maxBodyBytes' | 'mode'>;
  logger: Logger;
  /** The request pipeline; it answers, or throws an HttpError for the lane to answer. */
  handle: (exchange: Exchange) => Promise<void>;
  recorder: Recorder;
}

/**
 * Serves mock traffic (everything outside `/__admin`) straight on node:http: the mock's hot
 * path, so it skips Express's router and its request and response decorations. In order: the
 * nosniff header, CORS (a preflight ends there), the journal, the raw body (gzip, deflate and br
 * inflated; 413 past --max-body), the pipeline, and an `Error`-shaped answer for anything the
 * pipeline refuses or fails at. Every answer gets one log line.
 *
 * @example
 * const lane = createMockLane({ config, logger, handle, recorder });
 * http.createServer(lane).listen(0, '127.0.0.1');
 */
export function createMockLane({ config, logger, handle, recorder }: MockLaneDeps) {
  const readRawBody = createBodyReader(config.maxBodyBytes);
  const applyCors = config.cors ? corsPolicy() : undefined;
  const requestLogger = logger.child({ mode: config.mode });

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
    exchange.sent = { status: httpError.status, body: sendHttpError(exchange.res, httpError) };
  }

  function serve(req: IncomingMessage, res: ServerResponse, exchange: Exchange): void {
    recorder.admit(exchange);
    readRawBody(req, res, (error, body) => {
      if (error !== undefined && error !== null) {
        fail(exchange, error);
        return;
      }
      exchange.body = body;
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
    const exchange = openExchange(req, res, performance.now(), target);
    res.setHeader('x-content-type-options', 'nosniff');
    // One listener for both: the journal records every admitted request, the log every answer.
    res.once('close', () => {
      recorder.record(exchange);
      if (!res.writableFinished) return;
      logRequest(requestLogger, {
        method: exchange.method,
        path: exchange.path,
        status: res.statusCode,
        started: exchange.started,
        operationId: exchange.outcome?.operation?.operationId ?? null,
        source: sourceOf(exchange),
      });
    });
    if (applyCors === undefined) {
      serve(req, res, exchange);
      return;
    }
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
