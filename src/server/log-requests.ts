import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { Mode } from '../config/config-schema.ts';
import type { HttpError } from '../errors.ts';
import type { Outcome } from './mock-handler.ts';

/** Logs one line per answered request: method, path, status, duration, mode, operation, source. */
export function logRequests(logger: Logger, mode: Mode) {
  return function logRequest(req: Request, res: Response, next: NextFunction): void {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const outcome = res.locals.outcome as Outcome | undefined;
      logger.info(
        {
          method: req.method,
          path: req.path,
          status: res.statusCode,
          durationMs: Number(process.hrtime.bigint() - started) / 1e6,
          mode,
          operationId: outcome?.operation?.operationId ?? null,
          source: outcome?.source ?? sourceOf(req, res),
        },
        'request',
      );
    });
    next();
  };
}

function sourceOf(req: Request, res: Response): string {
  const error = res.locals.error as HttpError | undefined;
  if (error !== undefined) return `error:${error.code}`;
  if (req.originalUrl.startsWith('/__admin')) return 'admin';
  return req.method === 'OPTIONS' ? 'preflight' : 'unknown';
}
