import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { Mode } from '../config/config-schema.ts';
import type { HttpError } from '../errors.ts';

/** What the log line of one answered request says. */
export interface RequestLine {
  method: string;
  path: string;
  status: number;
  started: bigint;
  operationId: string | null;
  source: string;
}

/**
 * Logs one line for an answered request: method, path, status, duration, mode, operation, source.
 *
 * @example
 * logRequest(logger, 'stateful', { method: 'POST', path: '/plants', status: 200, started, operationId: 'createPlant', source: 'stateful' });
 */
export function logRequest(logger: Logger, mode: Mode, line: RequestLine): void {
  if (!logger.isLevelEnabled('info')) return;
  logger.info(
    {
      method: line.method,
      path: line.path,
      status: line.status,
      durationMs: Number(process.hrtime.bigint() - line.started) / 1e6,
      mode,
      operationId: line.operationId,
      source: line.source,
    },
    'request',
  );
}

/** The Express middleware that logs every admin request the same way. */
export function logRequests(logger: Logger, mode: Mode) {
  return function logAdminRequest(req: Request, res: Response, next: NextFunction): void {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const error = res.locals.error as HttpError | undefined;
      logRequest(logger, mode, {
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
