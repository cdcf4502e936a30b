import express, { type Express } from 'express';
import { createAdminRouter } from '../admin/create-admin-router.ts';
import { health } from '../admin/state-handlers.ts';
import { HttpError } from '../errors.ts';
import type { ServerDeps } from './server-deps.ts';
import { corsPolicy } from './cors-policy.ts';
import { guardAdmin } from './guard-admin.ts';
import { createErrorHandler } from './handle-errors.ts';
import { hostPolicy } from './host-policy.ts';
import { createRequestLog, logAdminRequests } from '../observe/log-requests.ts';

/** The admin API on its own app, for `adminPort`. */
export function createAdminApp(deps: ServerDeps): Express {
  const app = baseApp(deps);
  app.use('/__admin', createAdminRouter(deps));
  // Express would answer any other path with an HTML page.
  app.use((req, _res, next) => {
    next(
      new HttpError(
        'NOT_FOUND',
        `The admin port serves only /__admin: ${req.method} ${req.path} is not an admin endpoint. Make sure to use one that GET /__admin/openapi.json lists, and to send mock requests to the mock port.`,
      ),
    );
  });
  app.use(createErrorHandler(deps.logger, deps.config.maxBodyBytes));
  return app;
}

/**
 * The Express app for `/__admin` on the mock port: the admin API, or, with `adminPort`, only its
 * health check and a 404 that points to the admin port.
 *
 * @example
 * const admin = createMockPortAdminApp(deps);
 * admin(req, res); // for a request to /__admin/...
 */
export function createMockPortAdminApp(deps: ServerDeps): Express {
  if (deps.config.adminPort === undefined) return createAdminApp(deps);
  const app = baseApp(deps);
  app.get('/__admin/health', async (_req, res) => {
    const reply = await health({
      deps,
      session: '',
      query: {},
      params: {},
      body: undefined,
    });
    res.json(reply.body);
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

function baseApp({ config, logger }: ServerDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  app.use((_req, res, next) => {
    res.set('x-content-type-options', 'nosniff');
    next();
  });
  app.use(
    logAdminRequests(
      createRequestLog(logger, config.mode),
      createRequestLog(logger, config.mode, 'debug'),
    ),
  );
  app.use(guardAdmin(hostPolicy(config.allowedHosts, config.host)));
  if (config.cors) app.use(corsPolicy());
  return app;
}
