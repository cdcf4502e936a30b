import express, { type Router } from 'express';
import type { Mode } from '../config/config-schema.ts';
import type { Contract } from '../engine/load-contract.ts';
import { HttpError } from '../errors.ts';
import type { RecordStore } from '../store/record-store.ts';

export interface AdminDeps {
  contract: Contract;
  mode: Mode;
  store: RecordStore;
}

/**
 * The `/__admin` route table: one small handler per endpoint.
 *
 * @example
 * app.use('/__admin', createAdminRouter({ contract, mode: 'stateful', store }));
 */
export function createAdminRouter(deps: AdminDeps): Router {
  const router = express.Router();
  router.get('/health', (_req, res) => {
    res.json({
      status: 'ok',
      spec: {
        title: deps.contract.title,
        version: deps.contract.version,
        hash: deps.contract.hash,
      },
      mode: deps.mode,
    });
  });
  router.use((req, _res, next) => {
    next(
      new HttpError(
        'NOT_FOUND',
        `No admin endpoint matches ${req.method} /__admin${req.path}. Make sure to use GET /__admin/health.`,
      ),
    );
  });
  return router;
}
