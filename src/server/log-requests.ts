import { hostname } from 'node:os';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { Mode } from '../config/config-schema.ts';
import type { HttpError } from '../errors.ts';
import { jsonDestinationOf, loggerName } from './create-logger.ts';
import { durationSince } from './duration-since.ts';

/** What the log line of one answered request says. */
export interface RequestLine {
  method: string;
  path: string;
  status: number;
  /** `performance.now()` when the request arrived. */
  started: number;
  operationId: string | null;
  source: string;
}

/** Writes the log line of one answered request (at info). */
export type RequestLog = (line: RequestLine) => void;

const infoLevel = 30;

/**
 * The request log: one line per answered request with method, path, status, duration (ms, to the
 * microsecond), mode, operation and source. On the JSON logger of createLogger the line is
 * written straight to its destination, in the very form pino gives it (a test holds the two
 * equal): pino's generic serializer cost a third of the mock's per-request budget beside the
 * journal. Any other logger (pretty, or one a caller made) goes through pino.
 *
 * @example
 * const logRequest = createRequestLog(logger, 'stateful');
 * logRequest({ method: 'POST', path: '/plants', status: 200, started, operationId: 'createPlant', source: 'stateful' });
 */
export function createRequestLog(logger: Logger, mode: Mode): RequestLog {
  const destination = jsonDestinationOf(logger);
  if (destination === undefined) {
    const child = logger.child({ mode });
    return (line) => {
      if (!child.isLevelEnabled('info')) return;
      child.info(
        {
          method: line.method,
          path: line.path,
          status: line.status,
          durationMs: durationSince(line.started),
          operationId: line.operationId,
          source: line.source,
        },
        'request',
      );
    };
  }
  // pino's base fields and the child's binding, in pino's order.
  const bindings = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"name":${JSON.stringify(loggerName)},"mode":${JSON.stringify(mode)}`;
  return (line) => {
    if (!logger.isLevelEnabled('info')) return;
    destination.write(
      `{"level":${infoLevel},"time":${Date.now()}${bindings},"method":${JSON.stringify(line.method)},"path":${JSON.stringify(line.path)},"status":${line.status},"durationMs":${durationSince(line.started)},"operationId":${line.operationId === null ? 'null' : JSON.stringify(line.operationId)},"source":${JSON.stringify(line.source)},"msg":"request"}\n`,
    );
  };
}

/**
 * The Express middleware that logs every admin request the same way, by its whole path (a mounted
 * router sees it without `/__admin`). Answered health checks go at debug level: a container's
 * healthcheck asks every few seconds, and those lines would bury the traffic.
 */
export function logAdminRequests(logRequest: RequestLog, logger: Logger) {
  return function logAdminRequest(req: Request, res: Response, next: NextFunction): void {
    const started = performance.now();
    const path = req.originalUrl.split('?', 1)[0] ?? req.originalUrl;
    res.on('finish', () => {
      const error = res.locals.error as HttpError | undefined;
      const line = {
        method: req.method,
        path,
        status: res.statusCode,
        started,
        operationId: null,
        source: error === undefined ? 'admin' : `error:${error.code}`,
      };
      if (path === '/__admin/health' && res.statusCode === 200) {
        if (logger.isLevelEnabled('debug')) {
          logger.debug(
            {
              method: line.method,
              path,
              status: line.status,
              durationMs: durationSince(started),
              source: line.source,
            },
            'request',
          );
        }
        return;
      }
      logRequest(line);
    });
    next();
  };
}
