import { createRequire } from 'node:module';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MockServerOptions, ResolvedConfig } from '../config/config-schema.ts';
import { memoryBound } from '../config/memory-model.ts';
import { resolveConfig } from '../config/resolve-config.ts';
import { createLiveContract, type LiveContract } from '../contract/live-contract.ts';
import type { Logger } from 'pino';
import { loadCheckedContract } from '../validation/compile-fast-path.ts';
import { ConfigError, HttpError } from '../errors.ts';
import { endHeldFaults } from './apply-fault.ts';
import { createCoverage } from '../observe/coverage.ts';
import { createJournal } from '../observe/journal.ts';
import { openRecordFile } from '../observe/record-file.ts';
import { createEventHub } from '../observe/event-hub.ts';
import { packageVersion } from '../package-version.ts';
import { loadFixtures } from '../responders/store/load-fixtures.ts';
import {
  createMemoryStore,
  storeFullWarning,
  type StoredRecord,
} from '../responders/store/record-store.ts';
import { createStubRegistry } from '../responders/stubs/stub-registry.ts';
import { refuseMalformedRequest } from './refuse-malformed-request.ts';
import { createRequestListener } from './create-request-listener.ts';
import type { ServerDeps } from './server-deps.ts';
import { closeLogOutput, createLogger } from '../observe/create-logger.ts';
import { fixtureCheck } from '../responders/store/fixture-check.ts';
import { sendHttpError } from './handle-errors.ts';
import { reloadOnChange } from './reload-on-change.ts';
import { createSessionTable } from '../sessions/session-table.ts';

// Required, not imported: an ESM import of node:http builds its module facade, which reads every
// export, and Node 24's lazy fetch and WebSocket exports then load undici (~30 ms of start-up).
const { createServer } = createRequire(import.meta.url)('node:http') as typeof import('node:http');

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
export async function startMockServer(options: MockServerOptions = {}): Promise<RunningMockServer> {
  const config = resolveConfig(options);
  const initial = await loadCheckedContract(config.spec);
  const fixtures =
    config.fixtures === undefined ? [] : await loadFixtures(config.fixtures, fixtureCheck(initial));
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
  const state =
    shared === undefined
      ? createMemoryState(config, fixtures, logger, contract)
      : {
          ...shared,
          events: await shared.relayEvents(
            createEventHub({ clientLimit: config.eventClientLimit }),
          ),
        };
  const deps: ServerDeps = {
    config,
    contract,
    logger,
    store: state.store,
    journal: state.journal,
    events: state.events,
    coverage: state.coverage,
    stubs: state.stubs,
    sessions: state.sessions,
    recordFile:
      config.recordFile === undefined ? undefined : openRecordFile(config.recordFile, logger),
    version: packageVersion,
    ...(shared === undefined ? {} : { shared }),
  };
  const mockServer = createHttpServer(createRequestListener(deps), config);
  const servers = [mockServer];
  let port: number;
  let adminUrl: string;
  try {
    port = await listen(mockServer, config.port, config.host, '--port');
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
    await closeLogOutput(logger, outputsGraceMs);
    throw error;
  }
  const url = urlOf(config.host, port);
  const stopWatching = config.watch ? reloadOnChange(deps) : () => undefined;
  logger.info(
    {
      url,
      adminUrl,
      mode: config.mode,
      spec: initial.path,
      contract: `${initial.title} ${initial.version}`,
      hash: initial.hash,
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
      logger.info('plant-store-mock stopped');
      await closeLogOutput(logger, left());
    },
  };
}

function createHttpServer(app: RequestListener, config: ResolvedConfig): Server {
  const timeouts = {
    requestTimeout: config.requestTimeout,
    headersTimeout: Math.min(config.requestTimeout, 60_000),
    // Node looks for timed-out requests every 30 s by default: a slow client would outlive its limit.
    connectionsCheckingInterval: Math.min(config.requestTimeout, 1_000),
    // Node would refuse an HTTP/1.1 request without Host with a bare 400: refuseHostless says why.
    requireHostHeader: false,
  };
  const server = createServer(timeouts, (req, res) => {
    if (req.headers.host === undefined && req.httpVersion === '1.1') refuseHostless(res);
    else app(req, res);
  });
  server.on('clientError', refuseMalformedRequest);
  // Once closing, answers in flight end their keep-alive connection instead of holding it open.
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (closing.has(server)) res.shouldKeepAlive = false;
    else inFlight(server).add(res);
    res.once('close', () => inFlight(server).delete(res));
  });
  return server;
}

function refuseHostless(res: ServerResponse): void {
  res.shouldKeepAlive = false;
  sendHttpError(
    res,
    new HttpError(
      'MALFORMED_HTTP',
      'Failed to parse the HTTP request: an HTTP/1.1 request must have a Host header. Make sure to send "Host: <host>:<port>".',
    ),
  );
}

const closing = new WeakSet<Server>();
const responses = new WeakMap<Server, Set<ServerResponse>>();

function inFlight(server: Server): Set<ServerResponse> {
  let set = responses.get(server);
  if (set === undefined) responses.set(server, (set = new Set()));
  return set;
}

function urlOf(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** Listens on host:port; `flag` names the setting the port came from, for the error. */
function listen(server: Server, port: number, host: string, flag: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (cause: NodeJS.ErrnoException) => {
      reject(
        new ConfigError(
          `Failed to listen on ${host}:${String(port)} (${flag}): ${cause.code ?? cause.message}. Make sure the port is free and the host is an address of this machine.`,
          { cause },
        ),
      );
    });
    server.listen(port, host, () => {
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeGracefully(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => {
      server.closeAllConnections();
    }, graceMs);
    force.unref();
    closing.add(server);
    for (const res of inFlight(server)) {
      if (!res.headersSent) res.shouldKeepAlive = false;
    }
    // A request held by a timeout fault would never answer: end it now, not after the grace.
    const held = inFlight(server);
    endHeldFaults((res) => held.has(res));
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}

// Resolves once every response of the servers has closed (and so was journaled), or after `ms`.
function responsesClosed(servers: readonly Server[], ms: number): Promise<void> {
  const open = servers.flatMap((server) => [...inFlight(server)]);
  if (open.length === 0) return Promise.resolve();
  return new Promise((resolve) => {
    let left = open.length;
    const timer = setTimeout(resolve, Math.max(0, ms));
    for (const res of open) {
      res.once('close', () => {
        if (--left > 0) return;
        clearTimeout(timer);
        resolve();
      });
    }
  });
}

// The mock's state in this process: the default, `--store memory`.
function createMemoryState(
  config: ResolvedConfig,
  fixtures: readonly StoredRecord[],
  logger: Logger,
  contract: LiveContract,
) {
  const store = createMemoryStore(fixtures, {
    limit: config.storeLimit,
    onFull: () => {
      logger.warn(storeFullWarning(config.storeLimit));
    },
  });
  const coverage = createCoverage(() => contract.current.operations);
  const stubs = createStubRegistry({
    limit: config.stubLimit,
    sessionLimit: config.sessionStubLimit,
  });
  let warnedOfEviction = false;
  const sessions = createSessionTable(config.sessionLimit, [
    (session) => {
      store.evict(session);
      stubs.clear(session);
      coverage.clear(session);
      journal.forget(session);
      if (warnedOfEviction) return;
      warnedOfEviction = true;
      logger.warn(
        `More than ${config.sessionLimit} sessions (--session-limit): from now on the least recently used session's store, stubs and coverage are forgotten (GET /__admin/health counts them).`,
      );
    },
  ]);
  const journal = createJournal(config.journalLimit, (session) => sessions.has(session));
  const events = createEventHub({ clientLimit: config.eventClientLimit });
  return { store, journal, coverage, stubs, sessions, events };
}
