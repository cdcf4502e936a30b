import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { Mode } from '../config/config-schema.ts';
import type { HttpError } from '../errors.ts';

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

/**
 * Logs one line for an answered request: method, path, status, duration, mode, operation, source.
 *
 * @example
 * const requestLogger = logger.child({ mode: 'stateful' });
 * logRequest(requestLogger, { method: 'POST', path: '/plants', status: 200, started, operationId: 'createPlant', source: 'stateful' });
 */
export function logRequest(requestLogger: Logger, line: RequestLine): void {
  if (!requestLogger.isLevelEnabled('info')) return;
  requestLogger.info(
    {
      method: line.method,
      path: line.path,
      status: line.status,
      durationMs: performance.now() - line.started,
      operationId: line.operationId,
      source: line.source,
    },
    'request',
  );
}

/** The Express middleware that logs every admin request the same way. */
export function logRequests(logger: Logger, mode: Mode) {
  const requestLogger = logger.child({ mode });
  return function logAdminRequest(req: Request, res: Response, next: NextFunction): void {
    const started = performance.now();
    res.on('finish', () => {
      const error = res.locals.error as HttpError | undefined;
      logRequest(requestLogger, {
        method: req.method,
        path: req.path,
        status: res.statusCode,
        started,
        operationId: null,
        source: error === undefined ? 'admin' : `error:${error.code}`,
      });
    });
    next();
  };
}
