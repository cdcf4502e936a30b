import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { Mode } from '../config/config-schema.ts';
import type { HttpError } from '../errors.ts';
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

/** Writes the log line of one answered request. */
export type RequestLog = (line: RequestLine) => void;

/**
 * The request log: one pino line per answered request with method, path, status, duration (ms, to
 * the microsecond), mode, operation and source, at `level` (info unless told).
 */
export function createRequestLog(
  logger: Logger,
  mode: Mode,
  /** Info, or debug for the noise of health checks. */
  level: 'info' | 'debug' = 'info',
): RequestLog {
  const child = logger.child({ mode });
  return (line) => {
    if (!child.isLevelEnabled(level)) return;
    child[level](
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

/**
 * The Express middleware that logs every admin request the same way, with its whole path
 * (`/__admin/...`), and answered health checks at debug: a container's healthcheck polls every
 * few seconds, and would bury the traffic under its lines.
 */
export function logAdminRequests(logRequest: RequestLog, logHealthCheck: RequestLog) {
  return function logAdminRequest(req: Request, res: Response, next: NextFunction): void {
    const started = performance.now();
    // Read now: a mounted router cuts its mount path out of req.url (and req.path) while it runs.
    const path = req.path;
    res.on('finish', () => {
      const error = res.locals.error as HttpError | undefined;
      const log =
        res.statusCode < 400 && isHealthCheck(req.method, path) ? logHealthCheck : logRequest;
      log({
        method: req.method,
        path,
        status: res.statusCode,
        started,
        operationId: null,
        source: error === undefined ? 'admin' : `error:${error.code}`,
      });
    });
    next();
  };
}

// As Express routes it: case-insensitive, with or without a trailing slash.
function isHealthCheck(method: string, path: string): boolean {
  return (method === 'GET' || method === 'HEAD') && /^\/__admin\/health\/?$/i.test(path);
}
