import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { ResolvedConfig } from '../config/config-schema.ts';
import type { Recorder } from '../observe/record-interactions.ts';
import { whenReady } from '../maybe-promise.ts';
import type { Outcome } from '../pipeline/request-states.ts';
import type { Exchange } from '../pipeline/exchange.ts';
import type { Pipeline } from '../pipeline/run-pipeline.ts';
import { applyFault } from './apply-fault.ts';
import { sendAnswer, sendPassedAnswer } from './send-answer.ts';
import { checkCharset } from './check-charset.ts';
import { corsAnswerHeaders, corsPolicy, isContractOptions, exposedHeaders } from './cors-policy.ts';
import { openExchange, type RequestTarget } from './open-exchange.ts';
import { errorBodyOf, toHttpError } from './handle-errors.ts';
import { problemMediaType } from '../contract/problem-details.ts';
import type { RequestLog } from '../observe/log-requests.ts';
import { createBodyReader } from './read-body-bytes.ts';

export interface MockLaneDeps {
  config: Pick<ResolvedConfig, 'cors' | 'maxBodyBytes' | 'mode' | 'maxDelay' | 'violationsHeader'>;
  logger: Logger;
  logRequest: RequestLog;
  /** The request pipeline: what to answer, and when. */
  decide: Pipeline;
  recorder: Recorder;
  /** Marks the request's session as used (see createSessionTable). */
  touchSession: (session: string) => void;
  /** Whether the contract declares an OPTIONS operation for a path (see isContractOptions). */
  declaresOptions: (path: string) => boolean;
}

/**
 * Serves mock traffic (everything outside `/__admin`) straight on node:http: the mock's hot
 * path, so it skips Express's router and its request and response decorations. In order: the
 * nosniff header, CORS (a preflight ends there), a journal number, the raw body (gzip, deflate
 * and br inflated; 413 past --max-body; 415 for a charset other than UTF-8), the pipeline's
 * outcome, then its delivery: the delay, then the fault or the answer; an `Error`-shaped answer
 * for anything the pipeline refuses or fails at. Once the response has closed, the observers get
 * the exchange: the journal (with coverage and the record file) and the log line.
 */
export function createMockLane({
  config,
  logger,
  logRequest,
  decide,
  recorder,
  touchSession,
  declaresOptions,
}: MockLaneDeps) {
  const readRawBody = createBodyReader(config.maxBodyBytes);
  const exposed = exposedHeaders(config.violationsHeader);
  const applyCors = config.cors ? corsPolicy(exposed) : undefined;
  // The answer's headers go out in one list (see sendAnswer), the CORS ones too but for an
  // OPTIONS request, on which the cors package sets them on the response (or ends a preflight).
  const laneHeaders = ['x-content-type-options', 'nosniff'];
  const corsHeaders = corsAnswerHeaders(exposed);

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
    const { problem, answer } = httpError;
    if (answer !== undefined) {
      const headers = { ...answer.headers, ...httpError.headers };
      sendAnswer(exchange, answer.status, headers, answer.body, answer.mediaType);
      return;
    }
    if (httpError.sendsProblem && problem !== undefined) {
      sendAnswer(exchange, problem.status, httpError.headers, problem, problemMediaType);
      return;
    }
    sendAnswer(exchange, httpError.status, httpError.headers, errorBodyOf(httpError));
  }

  function deliver(exchange: Exchange, outcome: Outcome): void {
    exchange.outcome = outcome;
    const { delayMs } = outcome;
    if (delayMs <= 0) {
      answer(exchange, outcome);
      return;
    }
    setTimeout(() => {
      if (!exchange.res.destroyed) answer(exchange, outcome);
    }, delayMs);
  }

  function answer(exchange: Exchange, outcome: Outcome): void {
    try {
      const { delayMs, fault } = outcome;
      if (fault !== undefined) {
        // A delay already held the connection: a timeout holds it only for what --max-delay leaves.
        applyFault(fault, exchange, config.maxDelay - Math.max(0, delayMs));
        return;
      }
      const { response } = outcome;
      if (response.passThrough !== undefined) {
        sendPassedAnswer(exchange, response.status, response.headers, response.passThrough);
        return;
      }
      sendAnswer(exchange, response.status, response.headers, response.body, response.mediaType);
    } catch (failure) {
      fail(exchange, failure);
    }
  }

  function serve(req: IncomingMessage, res: ServerResponse, exchange: Exchange): void {
    exchange.journalId = recorder.nextId();
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
      // At once when the pipeline decides at once; a refusal or a failure, thrown or rejected,
      // is answered.
      try {
        const delivered = whenReady(decide(exchange), (outcome) => {
          deliver(exchange, outcome);
        });
        if (delivered instanceof Promise) {
          delivered.catch((failure: unknown) => {
            fail(exchange, failure);
          });
        }
      } catch (failure) {
        fail(exchange, failure);
      }
    });
  }

  return function serveMockRequest(
    req: IncomingMessage,
    res: ServerResponse,
    target?: RequestTarget,
  ): void {
    const exchange = openExchange(req, res, performance.now(), target);
    touchSession(exchange.session);
    // One listener for both: the journal records every admitted request, the log every answer.
    res.once('close', () => {
      // An answer cut short was not sent: the client went away.
      if (!res.writableFinished) exchange.sent = undefined;
      const { journalId } = exchange;
      if (journalId !== undefined) recorder.record(exchange, journalId);
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
    if (applyCors === undefined || req.method !== 'OPTIONS') {
      exchange.laneHeaders =
        applyCors === undefined ? laneHeaders : corsHeaders(req.headers.origin);
      serve(req, res, exchange);
      return;
    }
    res.setHeader('x-content-type-options', 'nosniff');
    // The cors package sets its headers on the response, and ends a preflight itself.
    applyCors(
      req,
      res,
      () => {
        serve(req, res, exchange);
      },
      isContractOptions(req, declaresOptions, exchange.path),
    );
  };
}

function sourceOf({ outcome, error, method }: Exchange): string {
  if (outcome !== undefined) return outcome.source;
  if (error !== undefined) return `error:${error.code}`;
  return method === 'OPTIONS' ? 'preflight' : 'unknown';
}
