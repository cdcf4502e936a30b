import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Express } from 'express';
import { HttpError } from '../errors.ts';
import { recordInteractions } from '../observe/record-interactions.ts';
import { splitTarget } from './open-exchange.ts';
import { sendHttpError } from './handle-errors.ts';
import { createRequestLog } from '../observe/log-requests.ts';
import { createMockLane } from './mock-lane.ts';
import { createConfiguredPipeline } from './create-configured-pipeline.ts';
import type { ServerDeps } from './server-deps.ts';

/**
 * The request listener of the mock port: mock traffic goes down the mock lane, `/__admin` to the
 * Express app of the admin API (see createMockPortAdminApp). It does not listen (see
 * startMockServer).
 */
export function createRequestListener(deps: ServerDeps): RequestListener {
  const { config, contract, logger } = deps;
  const decide = createConfiguredPipeline(config, deps);
  const recorder = recordInteractions({
    journal: deps.journal,
    coverage: deps.coverage,
    contractHash: () => contract.current.hash,
    secretNames: () => contract.current.secrets,
    recordFile: deps.recordFile,
    onRecorded: (entry) => {
      deps.events.publish(entry);
    },
  });
  const lane = createMockLane({
    config,
    logger,
    logRequest: createRequestLog(logger, config.mode),
    decide,
    recorder,
    touchSession: (session) => {
      deps.sessions.touch(session);
    },
    declaresOptions: (path) => contract.route('OPTIONS', path).kind === 'matched',
  });
  // Express and the admin API load on the first /__admin request: loaded in the background at
  // start, they held the first mock answers back (docs/performance.md).
  let admin: Promise<Express> | undefined;
  const loadAdmin = (): Promise<Express> =>
    (admin ??= import('./create-admin-app.ts').then(({ createMockPortAdminApp }) =>
      createMockPortAdminApp(deps),
    ));
  function serveAdmin(req: IncomingMessage, res: ServerResponse): void {
    loadAdmin().then(
      (app) => {
        app(req, res);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'failed to load the admin API');
        const reason = error instanceof Error ? error.message : String(error);
        sendHttpError(
          res,
          new HttpError(
            'INTERNAL',
            `Failed to load the admin API: ${reason}. Make sure plant-store-mock's dependencies are installed.`,
            { cause: error },
          ),
        );
      },
    );
  }
  return function routeRequest(req: IncomingMessage, res: ServerResponse): void {
    const target = splitTarget(req.url ?? '/');
    // While the shared store is away nothing can be answered right, but health says so.
    const storeDown = deps.shared?.unavailable();
    if (storeDown !== undefined && !isHealthPath(target.path)) sendHttpError(res, storeDown);
    else if (isAdminPath(target.path)) serveAdmin(req, res);
    else lane(req, res, target);
  };
}

function isHealthPath(path: string): boolean {
  return path.toLowerCase() === '/__admin/health';
}

// As Express mounts `/__admin`: case-insensitive, with or without a trailing part.
function isAdminPath(path: string): boolean {
  const head = path.slice(0, 9).toLowerCase();
  return head === '/__admin/' || (head === '/__admin' && path.length === 8);
}
