import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { MockServerOptions, ResolvedConfig } from '../config/config-schema.ts';
import { resolveConfig } from '../config/resolve-config.ts';
import { loadContract, type Contract } from '../engine/load-contract.ts';
import { validateRequest } from '../engine/prism-engine.ts';
import { formatViolations } from '../engine/violation.ts';
import { ConfigError } from '../errors.ts';
import { loadFixtures, type CheckFixture } from '../store/load-fixtures.ts';
import { createMemoryStore } from '../store/record-store.ts';
import { createCoverage } from '../journal/coverage.ts';
import { createJournal } from '../journal/journal.ts';
import { openRecordFile } from '../journal/record-file.ts';
import { packageVersion } from '../package-version.ts';
import { createAdminApp, createApp, type AppDeps } from './create-app.ts';
import { createLogger } from './create-logger.ts';

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

const shutdownGraceMs = 10_000;

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
  const contract = await loadContract(config.spec);
  const fixtures =
    config.fixtures === undefined
      ? []
      : await loadFixtures(config.fixtures, fixtureCheck(contract));
  const logger = createLogger(config);
  const deps: AppDeps = {
    config,
    contract,
    store: createMemoryStore(fixtures),
    logger,
    journal: createJournal(config.journalLimit),
    coverage: createCoverage(contract.operations),
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
    const adminServer = createHttpServer(createAdminApp(deps), config);
    servers.push(adminServer);
    adminUrl = `${urlOf(config.host, await listen(adminServer, config.adminPort, config))}/__admin`;
  }
  logger.info(
    {
      url,
      adminUrl,
      mode: config.mode,
      spec: contract.path,
      contract: `${contract.title} ${contract.version}`,
    },
    `plant-store-mock listening on ${url}`,
  );
  return {
    url,
    port,
    adminUrl,
    close: async () => {
      await Promise.all(servers.map((server) => closeGracefully(server)));
      await deps.recordFile?.close();
      logger.info('plant-store-mock stopped');
    },
  };
}

function createHttpServer(app: Express, config: ResolvedConfig): Server {
  const timeouts = {
    requestTimeout: config.requestTimeout,
    headersTimeout: Math.min(config.requestTimeout, 60_000),
  };
  return createServer(timeouts, app);
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
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}

// Fixtures are request bodies of the contract's first create-like operation (a POST with a JSON body).
function fixtureCheck(contract: Contract): CheckFixture {
  const create = contract.operations.find(
    (op) => op.method === 'POST' && op.requestMediaTypes.some((t) => t.includes('json')),
  );
  return (record) => {
    if (
      record === null ||
      typeof record !== 'object' ||
      (record as { id?: unknown }).id === undefined
    ) {
      return 'must be an object with an id';
    }
    if (create === undefined) return undefined;
    const violations = validateRequest(create, {
      method: create.method,
      path: create.path,
      query: {},
      headers: { 'content-type': 'application/json' },
      body: record,
    });
    return violations.length === 0
      ? undefined
      : `does not match ${create.operationId}'s request body: ${formatViolations(violations)}`;
  };
}
