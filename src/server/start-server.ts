import { createRequire } from 'node:module';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MockServerOptions, ResolvedConfig } from '../config/config-schema.ts';
import { resolveConfig } from '../config/resolve-config.ts';
import { createLiveContract } from '../engine/live-contract.ts';
import { loadContract } from '../engine/load-contract.ts';
import { ConfigError, HttpError } from '../errors.ts';
import { createCoverage } from '../journal/coverage.ts';
import { createJournal } from '../journal/journal.ts';
import { openRecordFile } from '../journal/record-file.ts';
import { packageVersion } from '../package-version.ts';
import { loadFixtures } from '../store/load-fixtures.ts';
import { createMemoryStore } from '../store/record-store.ts';
import { createStubRegistry } from '../stubs/stub-registry.ts';
import { answerClientError } from './answer-client-error.ts';
import { createApp, type AppDeps } from './create-app.ts';
import { createLogger } from './create-logger.ts';
import { fixtureCheck } from './fixture-check.ts';
import { sendHttpError } from './handle-errors.ts';
import { reloadOnChange } from './reload-on-change.ts';

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
  /** Stops accepting connections, lets in-flight requests finish, then resolves. */
  close(): Promise<void>;
}

// Under the 10 s that `docker stop` waits before it kills the process.
const shutdownGraceMs = 8_000;

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
  const initial = await loadContract(config.spec);
  const fixtures =
    config.fixtures === undefined ? [] : await loadFixtures(config.fixtures, fixtureCheck(initial));
  const logger = createLogger(config);
  const contract = createLiveContract(initial);
  const deps: AppDeps = {
    config,
    contract,
    store: createMemoryStore(fixtures, {
      limit: config.storeLimit,
      onFull: () => {
        logger.warn(
          `The stateful store holds ${config.storeLimit} plants (--store-limit): from now on the oldest are forgotten, and their ids can be created again.`,
        );
      },
    }),
    logger,
    journal: createJournal(config.journalLimit),
    coverage: createCoverage(() => contract.current.operations),
    stubs: createStubRegistry(),
    recordFile:
      config.recordFile === undefined ? undefined : openRecordFile(config.recordFile, logger),
    version: packageVersion,
  };
  const mockServer = createHttpServer(createApp(deps), config);
  const servers = [mockServer];
  const port = await listen(mockServer, config.port, config);
  const url = urlOf(config.host, port);
  let adminUrl = `${url}/__admin`;
  if (config.adminPort !== undefined) {
    const { createAdminApp } = await import('./create-admin-app.ts');
    const adminServer = createHttpServer(createAdminApp(deps), config);
    servers.push(adminServer);
    adminUrl = `${urlOf(config.host, await listen(adminServer, config.adminPort, config))}/__admin`;
  }
  const stopWatching = config.watch ? reloadOnChange(deps) : () => undefined;
  logger.info(
    {
      url,
      adminUrl,
      mode: config.mode,
      spec: initial.path,
      contract: `${initial.title} ${initial.version}`,
      hash: initial.hash,
    },
    `plant-store-mock listening on ${url}`,
  );
  return {
    url,
    port,
    adminUrl,
    close: async () => {
      stopWatching();
      await Promise.all(servers.map((server) => closeGracefully(server)));
      await deps.recordFile?.close();
      logger.info('plant-store-mock stopped');
      await new Promise<void>((resolve) => {
        logger.flush(() => {
          resolve();
        });
      });
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
  server.on('clientError', answerClientError);
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

function listen(server: Server, port: number, config: ResolvedConfig): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (cause: NodeJS.ErrnoException) => {
      reject(
        new ConfigError(
          `Failed to listen on ${config.host}:${config.port}: ${cause.code ?? cause.message}. Make sure the port is free and the host is an address of this machine.`,
          { cause },
        ),
      );
    });
    server.listen(port, config.host, () => {
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeGracefully(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => {
      server.closeAllConnections();
    }, shutdownGraceMs);
    force.unref();
    closing.add(server);
    for (const res of inFlight(server)) {
      if (!res.headersSent) res.shouldKeepAlive = false;
    }
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}
