import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';

type ParseBody = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
) => void;

const require = createRequire(import.meta.url);

/** Hands over the raw body (undefined when the request has none), or why it could not be read. */
export type BodyCallback = (error: unknown, body: Buffer | undefined) => void;

/**
 * Reads a request body into one Buffer, refusing one past `limit` bytes. The common case, a
 * Content-Length within the limit and no Content-Encoding, is read straight from the request;
 * everything else (chunked, gzip, deflate or br bodies, bodies over the limit) goes through
 * body-parser, which inflates, enforces the limit and reports with the error types the error
 * catalogue maps (`entity.too.large`, `encoding.unsupported`, ...).
 */
export function createBodyReader(limit: number) {
  // Loaded on the first such body: a mock whose clients send plain bodies never loads Express.
  // Typed for node:http: its declared parameter is connect's subclass of IncomingMessage, but it
  // reads nothing that node:http does not give.
  let bodyParser: ParseBody | undefined;
  const readWithBodyParser: ParseBody = (req, res, next) => {
    bodyParser ??= (require('express') as typeof import('express')).raw({
      type: () => true,
      limit,
    });
    bodyParser(req, res, next);
  };

  return function readRawBody(req: IncomingMessage, res: ServerResponse, done: BodyCallback): void {
    const { headers } = req;
    // Neither header: the request has no body (RFC 9112 6.3), as body-parser would also find.
    if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) {
      done(undefined, undefined);
      return;
    }
    const length = Number(headers['content-length']);
    const plain =
      headers['content-encoding'] === undefined &&
      headers['transfer-encoding'] === undefined &&
      headers['content-length'] !== undefined &&
      length <= limit;
    if (!plain) {
      readWithBodyParser(req, res, (error?: unknown) => {
        done(error ?? undefined, (req as { body?: Buffer }).body);
      });
      return;
    }
    if (length === 0) {
      done(undefined, Buffer.alloc(0));
      return;
    }
    // Node's parser ends the stream after exactly Content-Length bytes, or reports an abort.
    const chunks: Buffer[] = [];
    const onData = (chunk: Buffer): void => {
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanUp();
      done(undefined, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    };
    const onAbort = (): void => {
      cleanUp();
      done(
        Object.assign(new Error('request aborted'), { status: 400, type: 'request.aborted' }),
        undefined,
      );
    };
    const cleanUp = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('close', onClose);
    };
    const onClose = (): void => {
      if (!req.complete) onAbort();
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('close', onClose);
  };
}
