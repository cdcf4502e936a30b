import type { AdminHandler } from './admin-context.ts';
import {
  clearRequests,
  countRequests,
  exportHar,
  findRequests,
  getRequest,
  listRequests,
} from './request-handlers.ts';
import { servePage } from '../inspector/serve-page.ts';
import { streamEvents } from '../inspector/stream-events.ts';
import { coverage, describeAdminApi, health, reset } from './state-handlers.ts';
import { clearStubs, createStub, getStub, listStubs, removeStub } from './stub-handlers.ts';
import { verify, verifyInSequence } from './verify-handlers.ts';

export interface AdminRoute {
  method: 'GET' | 'POST' | 'DELETE';
  /** Express path under `/__admin`. */
  path: string;
  handler: AdminHandler;
  /** Open without the admin token. */
  open?: boolean;
}

/** Every admin endpoint, in match order; GET /__admin/openapi.json describes each one. */
export const adminRoutes: readonly AdminRoute[] = [
  { method: 'GET', path: '/health', handler: health, open: true },
  { method: 'GET', path: '/openapi.json', handler: describeAdminApi },
  { method: 'GET', path: '/requests', handler: listRequests },
  { method: 'DELETE', path: '/requests', handler: clearRequests },
  { method: 'GET', path: '/requests.har', handler: exportHar },
  { method: 'POST', path: '/requests/count', handler: countRequests },
  { method: 'POST', path: '/requests/find', handler: findRequests },
  { method: 'GET', path: '/requests/:id', handler: getRequest },
  { method: 'POST', path: '/verify', handler: verify },
  { method: 'POST', path: '/verify/sequence', handler: verifyInSequence },
  { method: 'POST', path: '/stubs', handler: createStub },
  { method: 'GET', path: '/stubs', handler: listStubs },
  { method: 'DELETE', path: '/stubs', handler: clearStubs },
  { method: 'GET', path: '/stubs/:id', handler: getStub },
  { method: 'DELETE', path: '/stubs/:id', handler: removeStub },
  { method: 'GET', path: '/coverage', handler: coverage },
  { method: 'POST', path: '/reset', handler: reset },
  { method: 'GET', path: '/events', handler: streamEvents },
  { method: 'GET', path: '/inspector', handler: servePage, open: true },
  { method: 'GET', path: '/inspector/:asset', handler: servePage, open: true },
];
