/**
 * What the global setup's worker thread tells the setup: where it listens (before the mock has
 * loaded), that the mock is ready, why it failed to start, or that it has closed.
 *
 * @example
 * const message: MockWorkerMessage = { kind: 'ready', url: 'http://127.0.0.1:4010', adminUrl: 'http://127.0.0.1:4010/__admin' };
 */
export type MockWorkerMessage =
  | { kind: 'listening' | 'ready'; url: string; adminUrl: string }
  | { kind: 'failed'; name: string; message: string; code?: string }
  | { kind: 'closed' };
