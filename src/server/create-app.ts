import cors from 'cors';
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { createAdminRouter } from '../admin/create-admin-router.ts';
import type { ResolvedConfig } from '../config/config-schema.ts';
import type { Contract } from '../engine/load-contract.ts';
import { createRouter } from '../engine/route-request.ts';
import { createDynamicMode } from '../modes/dynamic-mode.ts';
import { createStatefulMode } from '../modes/stateful-mode.ts';
import { createStaticMode } from '../modes/static-mode.ts';
import type { RecordStore } from '../store/record-store.ts';
import { createErrorHandler } from './handle-errors.ts';
import { logRequests } from './log-requests.ts';
import { createMockHandler } from './mock-handler.ts';

export interface AppDeps {
  config: ResolvedConfig;
  contract: Contract;
  store: RecordStore;
  logger: Logger;
}

/**
 * The Express app that serves the contract; it does not listen (see startMockServer).
 *
 * @example
 * const app = createApp({ config, contract, store, logger });
 * http.createServer(app).listen(0, '127.0.0.1');
 */
export function createApp({ config, contract, store, logger }: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use((_req, res, next) => {
    res.set('x-content-type-options', 'nosniff');
    next();
  });
  app.use(logRequests(logger, config.mode));
  if (config.cors) {
    app.use(
      cors({
        origin: true,
        credentials: true,
        maxAge: 600,
        exposedHeaders: ['WWW-Authenticate', 'Allow'],
      }),
    );
  }
  app.use('/__admin', createAdminRouter({ contract, mode: config.mode, store }));
  app.use(express.raw({ type: () => true, limit: config.maxBodyBytes }));
  const staticMode = createStaticMode();
  app.use(
    createMockHandler({
      mode: config.mode,
      seed: config.seed,
      tokens: config.tokens,
      route: createRouter(contract.operations),
      modes: {
        static: staticMode,
        dynamic: createDynamicMode(),
        stateful: createStatefulMode(store, staticMode),
      },
      onResponseViolations: (operation, status, violations) => {
        logger.warn(
          { operationId: operation.operationId, status, violations },
          'response does not match the contract',
        );
      },
    }),
  );
  app.use(createErrorHandler(logger, config.maxBodyBytes));
  return app;
}
