/**
 * plant-store-mock: a contract-testing mock server for the Plant Store API.
 *
 * @example
 * import { startMockServer } from 'plant-store-mock';
 * const mock = await startMockServer({ port: 0, logLevel: 'silent' });
 * // ... point the client under test at mock.url ...
 * await mock.close();
 */
export { startMockServer, type RunningMockServer } from './http/start-server.ts';
export {
  bundledSpecPath,
  modes,
  logLevels,
  type Mode,
  type LogLevel,
} from './config/config-schema.ts';
export type { MockServerOptions } from './config/mock-server-options.ts';
export { errorCatalogue, HttpError, ConfigError, type ErrorCode } from './errors.ts';
export type { Violation } from './contract/violation.ts';
