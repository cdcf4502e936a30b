import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import type { AdminDeps } from '../admin/admin-context.ts';
import { createAdminRouter } from '../admin/create-admin-router.ts';
import { health } from '../admin/state-handlers.ts';
import type { ResolvedConfig } from '../config/config-schema.ts';
import { HttpError } from '../errors.ts';
import { recordInteractions } from '../journal/record-interactions.ts';
import type { RecordFile } from '../journal/record-file.ts';
import { createDynamicMode } from '../modes/dynamic-mode.ts';
import { createStatefulMode } from '../modes/stateful-mode.ts';
import { createStaticMode } from '../modes/static-mode.ts';
import { corsPolicy } from './cors-policy.ts';
import { splitTarget } from './exchange.ts';
import { createErrorHandler } from './handle-errors.ts';
import { logRequests } from './log-requests.ts';
import { createMockHandler } from './mock-handler.ts';
import { createMockLane } from './mock-lane.ts';

export interface AppDeps extends Omit<AdminDeps, 'mode' | 'adminToken' | 'maxDelay'> {
  config: ResolvedConfig;
  logger: Logger;
  recordFile: RecordFile | undefined;
}

/**
 * The request listener of the mock port: mock traffic goes down the mock lane, `/__admin` to the
 * Express app of the admin API (or, with `adminPort`, to its health check and a 404 that points
 * to the admin port). It does not listen (see startMockServer).
 *
 * @example
 * http.createServer(createApp(deps)).listen(0, '127.0.0.1');
 */
export function createApp(deps: AppDeps): RequestListener {
  const { config, contract, logger } = deps;
  const admin = createMockPortAdmin(deps);
  const staticMode = createStaticMode();
  const handle = createMockHandler({
    mode: config.mode,
    seed: config.seed,
    tokens: config.tokens,
    delay: config.delay,
    maxDelay: config.maxDelay,
    contract,
    stubs: deps.stubs,
    modes: {
      static: staticMode,
      dynamic: createDynamicMode(),
      stateful: createStatefulMode(deps.store, staticMode),
    },
    onResponseViolations: (operationId, status, violations) => {
      logger.warn({ operationId, status, violations }, 'response does not match the contract');
    },
  });
  const recorder = recordInteractions({
    journal: deps.journal,
    coverage: deps.coverage,
    contractHash: () => contract.current.hash,
    recordFile: deps.recordFile,
  });
  const lane = createMockLane({ config, logger, handle, recorder });
  return function routeRequest(req: IncomingMessage, res: ServerResponse): void {
    if (isAdminPath(splitTarget(req.url ?? '/').path)) void admin(req, res);
    else lane(req, res);
  };
}

/**
 * The admin API on its own app, for `adminPort`.
 *
 * @example
 * http.createServer(createAdminApp(deps)).listen(0, '127.0.0.1');
 */
export function createAdminApp(deps: AppDeps): Express {
  const app = baseApp(deps);
  app.use('/__admin', createAdminRouter(adminDepsOf(deps)));
  app.use(createErrorHandler(deps.logger, deps.config.maxBodyBytes));
  return app;
}

// As Express mounts `/__admin`: case-insensitive, with or without a trailing part.
function isAdminPath(path: string): boolean {
  const head = path.slice(0, 9).toLowerCase();
  return head === '/__admin/' || (head === '/__admin' && path.length === 8);
}

function createMockPortAdmin(deps: AppDeps): Express {
  if (deps.config.adminPort === undefined) return createAdminApp(deps);
  const app = baseApp(deps);
  const adminDeps = adminDepsOf(deps);
  app.get('/__admin/health', (_req, res) => {
    res.json(health({ deps: adminDeps, session: '', query: {}, params: {}, body: undefined }).body);
  });
  // Admin calls sent here by mistake are not mock traffic: answer them without recording them.
  app.use('/__admin', (req, _res, next) => {
    next(
      new HttpError(
        'NOT_FOUND',
        `The admin API is not on this port: ${req.method} /__admin${req.path}. Make sure to send admin requests to the --admin-port.`,
      ),
    );
  });
  app.use(createErrorHandler(deps.logger, deps.config.maxBodyBytes));
  return app;
}

function adminDepsOf(deps: AppDeps): AdminDeps {
  return {
    ...deps,
    mode: deps.config.mode,
    adminToken: deps.config.adminToken,
    maxDelay: deps.config.maxDelay,
  };
}

function baseApp({ config, logger }: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  app.use((_req, res, next) => {
    res.set('x-content-type-options', 'nosniff');
    next();
  });
  app.use(logRequests(logger, config.mode));
  if (config.cors) app.use(corsPolicy());
  return app;
}
