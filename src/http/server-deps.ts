import type { Logger } from 'pino';
import type { AdminDeps } from '../admin/admin-context.ts';
import type { ResolvedConfig } from '../config/config-schema.ts';
import type { Upstream } from '../responders/upstream/create-upstream.ts';
import type { SharedState } from '../shared-state/open-shared-state.ts';

/**
 * Everything a running mock server is made of: its settings, the live contract, the state (store,
 * journal, coverage, stubs, sessions) and its outputs. startMockServer makes it; the mock port's
 * listener, the admin app and the file watcher read it.
 */
export interface ServerDeps extends AdminDeps {
  config: ResolvedConfig;
  logger: Logger;
  /** With `--upstream URL`: the real provider, which answers in the mock's place. */
  upstream?: Upstream;
  /** With `--store redis://...`: the shared state's connection, whose loss answers 503. */
  shared?: SharedState;
}
