import type { MockServerOptions } from '../config/mock-server-options.ts';
import { memoryBound } from '../config/memory-model.ts';
import { resolveConfig } from '../config/resolve-config.ts';
import { createLiveContract } from '../contract/live-contract.ts';
import { closeLogOutput, createLogger } from '../observe/create-logger.ts';
import { openRecordFile } from '../observe/record-file.ts';
import { packageVersion } from '../package-version.ts';
import { loadFixtures } from '../responders/store/load-fixtures.ts';
import { loadCheckedContract } from '../validation/load-checked-contract.ts';
import {
  closeGracefully,
  createHttpServer,
  listen,
  responsesClosed,
  urlOf,
} from './create-http-server.ts';
import { createMemoryState } from './create-memory-state.ts';
import { createRequestListener } from './create-request-listener.ts';
import { loadStubsFile } from './load-stubs-file.ts';
import { reloadOnChange } from './reload-on-change.ts';
import type { HeldPort } from './hold-port.ts';
import type { ServerDeps } from './server-deps.ts';

/** A listening mock server. */
export interface RunningMockServer {
  /** Base URL, e.g. `http://127.0.0.1:4010`. */
  url: string;
  port: number;
  /** Where the admin API answers: `${url}/__admin`, or on its own port with `adminPort`. */
  adminUrl: string;
  /**
   * Stops accepting connections, lets in-flight requests finish, writes out the record file and
   * the log, then resolves: within 5 s, cutting what has not finished by then.
   */
  close(): Promise<void>;
}

// How long close() takes at most, whatever the clients, stdout, stderr or the record file do:
// under the 10 s that `docker stop` waits before it kills the process. Requests in flight get
// all but the last second; the record file and the log then get what is left, and drop the rest.
const shutdownGraceMs = 5_000;
const outputsGraceMs = 1_000;

/**
 * Starts the mock server. Takes the same settings as the CLI; throws a ConfigError for a bad one.
 *
 * @example
 * const mock = await startMockServer({ port: 0, mode: 'dynamic', seed: 42, logLevel: 'silent' });
 * await fetch(`${mock.url}/plants`, { method: 'POST', ... });
 * await mock.close();
 */
export async function startMockServer(
  options: MockServerOptions = {},
  /** A port already listened on (see holdPort), for the global setup's worker: used over `port`. */
  held?: HeldPort,
): Promise<RunningMockServer> {
  const config = resolveConfig(options);
  const initial = await loadCheckedContract(config.spec);
  const fixtures =
    config.fixtures === undefined
      ? { records: [], items: new Map() }
      : await loadFixtures(config.fixtures, initial);
  // Loaded only with --upstream: the HTTP client is not worth loading for a mock on its own.
  const upstream =
    config.upstream === undefined
      ? undefined
      : (await import('../responders/upstream/create-upstream.ts')).createUpstream(
          config.upstream,
          config,
          initial.operations.map((operation) => operation.operationId),
        );
  const logger = createLogger(config);
  const contract = createLiveContract(initial);
  // With --store redis://..., the state lives there instead, shared with the other replicas
  // (imported only then: the Redis client is not worth loading for the in-memory state).
  const shared =
    config.store === 'memory'
      ? undefined
      : await (
          await import('../shared-state/open-shared-state.ts')
        ).openSharedState(config, fixtures, logger, contract);
  const state = shared ?? createMemoryState(config, fixtures, logger, contract);
  const deps: ServerDeps = {
    config,
    contract,
    logger,
    // The store, journal, pact ledger, events, coverage, stubs and sessions.
    ...state,
    recordFile:
      config.recordFile === undefined ? undefined : openRecordFile(config.recordFile, logger),
    version: packageVersion,
    ...(shared === undefined ? {} : { shared }),
    ...(upstream === undefined ? {} : { upstream }),
  };
  const mockServer = createHttpServer(createRequestListener(deps), config);
  const servers = [mockServer];
  let port: number;
  let adminUrl: string;
  let stubIds: string[] = [];
  try {
    if (config.stubs !== undefined) stubIds = await loadStubsFile(config.stubs, deps, []);
    port =
      held === undefined
        ? await listen(mockServer, config.port, config.host, '--port')
        : await held.handOver(mockServer);
    adminUrl = `${urlOf(config.host, port)}/__admin`;
    if (config.adminPort !== undefined) {
      const { createAdminApp } = await import('./create-admin-app.ts');
      const adminServer = createHttpServer(createAdminApp(deps), config);
      servers.push(adminServer);
      const adminPort = await listen(adminServer, config.adminPort, config.host, '--admin-port');
      adminUrl = `${urlOf(config.host, adminPort)}/__admin`;
    }
  } catch (error) {
    // A start that failed half-way must not leave the mock port serving in the caller's process.
    await Promise.all(
      servers.filter((server) => server.listening).map((server) => closeGracefully(server, 0)),
    );
    await deps.recordFile?.close();
    await shared?.close();
    await upstream?.close();
    await closeLogOutput(logger, outputsGraceMs);
    throw error;
  }
  const url = urlOf(config.host, port);
  const stopWatching = config.watch ? reloadOnChange(deps, stubIds) : () => undefined;
  logger.info(
    {
      url,
      adminUrl,
      mode: config.mode,
      spec: initial.path,
      contract: `${initial.title} ${initial.version}`,
      hash: initial.hash,
      ...(upstream === undefined ? {} : { upstream: upstream.name }),
      // The worst case of the limits (see memoryBound), so that a setting's cost is visible.
      memoryBoundMiB: Math.round(memoryBound(config).total / 2 ** 20),
    },
    `plant-store-mock listening on ${url}`,
  );
  return {
    url,
    port,
    adminUrl,
    close: async () => {
      const deadline = performance.now() + shutdownGraceMs;
      const left = (): number => Math.max(0, deadline - performance.now());
      stopWatching();
      // Event streams never finish by themselves: end them, or they would hold the shutdown.
      deps.events.closeAll();
      await Promise.all(servers.map((server) => closeGracefully(server, left() - outputsGraceMs)));
      // Requests cut by the shutdown are journaled as their responses close: let that happen
      // before the record file closes, so that they reach it too.
      await responsesClosed(servers, left() - outputsGraceMs);
      await deps.recordFile?.close(left() / 2);
      await shared?.close();
      await upstream?.close();
      logger.info('plant-store-mock stopped');
      await closeLogOutput(logger, left());
    },
  };
}
