import type { AdminHandler } from './admin-context.ts';
import {
  clearRequests,
  countRequests,
  exportHar,
  findRequests,
  getRequest,
  listRequests,
} from './request-handlers.ts';
import { clearPact, exportPact } from './pact-handler.ts';
import { exportRecording } from './recording-handler.ts';
import { servePage } from './serve-page.ts';
import { streamEvents } from './stream-events.ts';
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
  /** Its body is a request pattern: integers past 2^53 are read exactly, as the journal keeps them. */
  exactNumbers?: boolean;
}

/** Every admin endpoint, in match order; GET /__admin/openapi.json describes each one. */
export const adminRoutes: readonly AdminRoute[] = [
  { method: 'GET', path: '/health', handler: health, open: true },
  { method: 'GET', path: '/openapi.json', handler: describeAdminApi },
  { method: 'GET', path: '/requests', handler: listRequests },
  { method: 'DELETE', path: '/requests', handler: clearRequests },
  { method: 'GET', path: '/requests.har', handler: exportHar },
  { method: 'POST', path: '/requests/count', handler: countRequests, exactNumbers: true },
  { method: 'POST', path: '/requests/find', handler: findRequests, exactNumbers: true },
  { method: 'GET', path: '/requests/:id', handler: getRequest },
  { method: 'POST', path: '/verify', handler: verify, exactNumbers: true },
  { method: 'POST', path: '/verify/sequence', handler: verifyInSequence, exactNumbers: true },
  { method: 'POST', path: '/stubs', handler: createStub },
  { method: 'GET', path: '/stubs', handler: listStubs },
  { method: 'DELETE', path: '/stubs', handler: clearStubs },
  { method: 'GET', path: '/stubs/:id', handler: getStub },
  { method: 'DELETE', path: '/stubs/:id', handler: removeStub },
  { method: 'GET', path: '/coverage', handler: coverage },
  { method: 'GET', path: '/pact', handler: exportPact },
  { method: 'DELETE', path: '/pact', handler: clearPact },
  { method: 'GET', path: '/recording', handler: exportRecording },
  { method: 'POST', path: '/reset', handler: reset },
  { method: 'GET', path: '/events', handler: streamEvents },
  { method: 'GET', path: '/inspector', handler: servePage, open: true },
  { method: 'GET', path: '/inspector/:asset', handler: servePage, open: true },
];
