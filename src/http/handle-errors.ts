import type { ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { HttpError, type AnsweredErrorCode } from '../errors.ts';
import { jsonContentType } from './send-answer.ts';

// What body-parser reports, mapped onto the catalogue.
const parserErrors: Record<string, AnsweredErrorCode> = {
  'entity.too.large': 'PAYLOAD_TOO_LARGE',
  'encoding.unsupported': 'UNSUPPORTED_ENCODING',
  'charset.unsupported': 'UNSUPPORTED_ENCODING',
  'entity.parse.failed': 'INVALID_ADMIN_REQUEST',
};

/**
 * The admin API's error handler: turns anything thrown while handling a request into an
 * `Error`-shaped JSON answer (`{"error": status, "message": ...}`). Never lets an error escape to
 * crash the process.
 */
export function createErrorHandler(logger: Logger, maxBodyBytes: number) {
  return function handleErrors(
    error: unknown,
    req: Request,
    res: Response,
    next: NextFunction,
  ): void {
    const httpError = toHttpError(error, maxBodyBytes);
    if (httpError.status >= 500) logger.error({ err: error, path: req.path }, 'request failed');
    if (res.headersSent) {
      next(error);
      return;
    }
    res.locals.error = httpError;
    sendHttpError(res, httpError);
  };
}

/**
 * Answers with an HttpError: its status and headers, and the body `{"error": status, "message": ...}`.
 * (The mock lane answers with sendAnswer, in one `writeHead`.)
 */
export function sendHttpError(res: ServerResponse, httpError: HttpError): void {
  const text = JSON.stringify(errorBodyOf(httpError));
  res.statusCode = httpError.status;
  for (const [name, value] of Object.entries(httpError.headers)) res.setHeader(name, value);
  res.setHeader('content-type', jsonContentType);
  res.setHeader('content-length', Buffer.byteLength(text));
  res.end(text);
}

/**
 * The `Error`-shaped body of an HttpError.
 *
 * @example
 * errorBodyOf(new HttpError('NOT_FOUND', 'No operation ...')); // { error: 404, message: 'No operation ...' }
 */
export function errorBodyOf(httpError: HttpError): { error: number; message: string } {
  return { error: httpError.status, message: httpError.message };
}

/**
 * What an error thrown while handling a request means for its client: an HttpError as it is, a
 * body-parser failure as the catalogue's code for it, anything else as INTERNAL (500).
 *
 * @example
 * toHttpError(new Error('boom'), 1_048_576).status; // 500
 */
export function toHttpError(error: unknown, maxBodyBytes: number): HttpError {
  if (error instanceof HttpError) return error;
  const type = (error as { type?: unknown }).type;
  const code = typeof type === 'string' ? parserErrors[type] : undefined;
  if (code === 'PAYLOAD_TOO_LARGE') {
    return new HttpError(
      code,
      `The request body is larger than the limit of ${maxBodyBytes} bytes. Make sure to send a smaller body, or start the mock with a larger --max-body.`,
      { cause: error },
    );
  }
  if (code === 'INVALID_ADMIN_REQUEST') {
    return new HttpError(
      code,
      `Failed to read the admin request: the body is not valid JSON (${(error as Error).message}). Make sure to send a JSON body.`,
      { cause: error },
    );
  }
  if (code !== undefined) {
    return new HttpError(
      code,
      `Failed to decode the request body: ${(error as Error).message}. Make sure to send UTF-8 JSON with no or gzip, deflate or br Content-Encoding.`,
      { cause: error },
    );
  }
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new HttpError(
      'CONTRACT_VIOLATION',
      `Failed to read the request: ${(error as Error).message}.`,
      { cause: error },
    );
  }
  return new HttpError(
    'INTERNAL',
    `The mock failed to answer: ${error instanceof Error ? error.message : String(error)}`,
    { cause: error },
  );
}
