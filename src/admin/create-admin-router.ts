import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { nestsDeeperThan, tooDeepMessage } from '../parsing/json-depth.ts';
import { parseExactJson } from '../parsing/exact-json.ts';
import { isJsonEssence, mediaTypeEssence } from '../parsing/media-type-essence.ts';
import { mayHoldBigIntegers } from '../parsing/parse-json-body.ts';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { HttpError } from '../errors.ts';
import { defaultSession, sessionHeaderOf, sessionNameProblem } from '../sessions/session-of.ts';
import type { AdminDeps } from './admin-context.ts';
import { adminRoutes, type AdminRoute } from './admin-routes.ts';

/**
 * The `/__admin` API: JSON in and out, scoped to the session of `X-Mock-Session` or `?session=`,
 * and behind `Authorization: Bearer <adminToken>` when one is set.
 */
export function createAdminRouter(deps: AdminDeps): Router {
  const router = express.Router();
  const serve = (route: AdminRoute) => async (req: Request, res: Response) => {
    const reply = await route.handler({
      deps,
      session: adminSession(req),
      query: req.query,
      params: req.params as Record<string, string>,
      body: route.exactNumbers === true ? exactBody(req) : (req.body as unknown),
    });
    if (reply.respond !== undefined) {
      reply.respond(res);
      return;
    }
    res.status(reply.status);
    if (reply.jsonChunks !== undefined) await writeChunks(res, reply.jsonChunks);
    else if (reply.body === undefined) res.end();
    else res.json(reply.body);
  };
  // Health and the inspector page (which asks for the token itself) are open to all.
  for (const route of adminRoutes) if (route.open === true) router.get(route.path, serve(route));
  // Then the token: no body of a caller without it is read.
  router.use((req, _res, next) => {
    checkAdminToken(req, deps.config.adminToken);
    next();
  });
  router.use(requireJsonWrites);
  router.use(express.json({ limit: '1mb', strict: false, type: isJson, verify: refuseDeepJson }));
  // Express 5 passes a rejected handler's error on to the error handler.
  for (const route of adminRoutes) {
    if (route.open !== true) router[route.method.toLowerCase() as 'post'](route.path, serve(route));
  }
  // A path that no route of the method matched: the methods of the routes it matches, if any.
  for (const { path, method } of adminRoutes) {
    router.all(path, (_req, res, next) => {
      res.locals.allowed = [...((res.locals.allowed as string[] | undefined) ?? []), method];
      next();
    });
  }
  router.use((req, res, next) => {
    const allowed = res.locals.allowed as string[] | undefined;
    if (allowed !== undefined) {
      next(
        new HttpError(
          'METHOD_NOT_ALLOWED',
          `/__admin${req.path} does not accept ${req.method}. Make sure to use ${allowed.join(' or ')}.`,
          { headers: { allow: allowed.join(', ') } },
        ),
      );
      return;
    }
    next(
      new HttpError(
        'NOT_FOUND',
        `No admin endpoint matches ${req.method} /__admin${req.path}. Make sure to use one that GET /__admin/openapi.json lists.`,
      ),
    );
  });
  return router;
}

// The bytes of each admin JSON body, for the routes that read integers past 2^53, which
// express.json rounds (see exactBody); decoded only by them.
const bodyBytes = new WeakMap<IncomingMessage, Buffer>();

// A pattern's integers past 2^53 as they were written, to compare with the journal's exactly.
function exactBody(req: Request): unknown {
  const bytes = bodyBytes.get(req);
  if (bytes === undefined) return req.body as unknown;
  const text = bytes.toString('utf8');
  return mayHoldBigIntegers(text) ? parseExactJson(text) : (req.body as unknown);
}

// Checked on the bytes, before parsing: a body nested deeper than any stage can walk is refused
// whole, so nothing of it is stored.
function refuseDeepJson(req: IncomingMessage, _res: unknown, body: Buffer): void {
  if (nestsDeeperThan(body)) {
    throw new HttpError(
      'INVALID_ADMIN_REQUEST',
      `Failed to read the admin request: the body ${tooDeepMessage()}. Make sure to send a flatter body.`,
    );
  }
  bodyBytes.set(req, body);
}

// A browser sends a text/plain or form body cross-site without asking first (no CORS preflight),
// so an admin write reads JSON only when it is labelled as JSON, and refuses anything else.
function requireJsonWrites(req: Request, _res: Response, next: NextFunction): void {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') {
    next();
    return;
  }
  const type = req.headers['content-type'];
  const hasBody =
    req.headers['transfer-encoding'] !== undefined ||
    (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');
  if (type === undefined ? !hasBody : isJson(req)) {
    next();
    return;
  }
  next(
    new HttpError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Failed to read the admin request: ${req.method} /__admin${req.path} takes a JSON body, and this one is ${type === undefined ? 'not labelled' : `labelled "${type}"`}. Make sure to send "Content-Type: application/json".`,
    ),
  );
}

// application/json, or a JSON-based type such as application/merge-patch+json.
function isJson(req: IncomingMessage): boolean {
  return isJsonEssence(mediaTypeEssence(req.headers['content-type'] ?? ''));
}

// Written as the client takes them, so that a slow reader holds at most a piece or two in memory;
// stops when it goes away. A piece that fails once the answer has begun cuts the connection: the
// client sees an incomplete answer rather than a 200 with broken JSON. Either way, nothing is left
// to send.
async function writeChunks(res: Response, chunks: AsyncIterable<string>): Promise<void> {
  res.type('application/json');
  await pipeline(Readable.from(chunks, { highWaterMark: 1 }), res).catch(() => undefined);
}

function checkAdminToken(req: Request, token: string | undefined): void {
  if (token === undefined) return;
  const match = /^Bearer\s+(\S+)$/i.exec(req.get('authorization')?.trim() ?? '');
  if (match?.[1] === undefined || !sameSecret(match[1], token)) {
    throw new HttpError(
      'ADMIN_UNAUTHORIZED',
      'The admin API needs the admin token: send "Authorization: Bearer <admin token>".',
      {
        headers: { 'www-authenticate': 'Bearer realm="plant-store-mock admin"' },
      },
    );
  }
}

// In constant time, so that the time of a refusal tells nothing of how much of the token matched:
// both sides are hashed first, which gives them one length.
function sameSecret(given: string, token: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token));
}

function adminSession(req: Request): string {
  const query = req.query.session;
  // Given twice, it would name no session: refused rather than read as the default one.
  if (Array.isArray(query))
    throw new HttpError(
      'INVALID_ADMIN_REQUEST',
      `Failed to read the session: ?session= is given ${query.length} times. Make sure to name one session.`,
    );
  const session =
    sessionHeaderOf(req.headers) ??
    (typeof query === 'string' && query !== '' ? query : defaultSession);
  const problem = sessionNameProblem(session);
  if (problem !== undefined) throw new HttpError('INVALID_ADMIN_REQUEST', problem);
  return session;
}
