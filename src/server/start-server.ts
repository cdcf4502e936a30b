import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { MockServerOptions, ResolvedConfig } from '../config/config-schema.ts';
import { resolveConfig } from '../config/resolve-config.ts';
import { loadContract, type Contract } from '../engine/load-contract.ts';
import { validateRequest } from '../engine/prism-engine.ts';
import { formatViolations } from '../engine/violation.ts';
import { ConfigError } from '../errors.ts';
import { loadFixtures, type CheckFixture } from '../store/load-fixtures.ts';
import { createMemoryStore } from '../store/record-store.ts';
import { createApp } from './create-app.ts';
import { createLogger } from './create-logger.ts';

/** A listening mock server. */
export interface RunningMockServer {
  /** Base URL, e.g. `http://127.0.0.1:4010`. */
  url: string;
  port: number;
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
  const app = createApp({ config, contract, store: createMemoryStore(fixtures), logger });
  const server = createServer(
    {
      requestTimeout: config.requestTimeout,
      headersTimeout: Math.min(config.requestTimeout, 60_000),
    },
    app,
  );
  const port = await listen(server, config);
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  logger.info(
    {
      url,
      mode: config.mode,
      spec: contract.path,
      contract: `${contract.title} ${contract.version}`,
    },
    `plant-store-mock listening on ${url}`,
  );
  return { url, port, close: () => closeGracefully(server, logger) };
}

function listen(server: Server, config: ResolvedConfig): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (cause: NodeJS.ErrnoException) => {
      reject(
        new ConfigError(
          `Failed to listen on ${config.host}:${config.port}: ${cause.code ?? cause.message}. Make sure the port is free and the host is an address of this machine.`,
          { cause },
        ),
      );
    });
    server.listen(config.port, config.host, () => {
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeGracefully(server: Server, logger: Logger): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => {
      server.closeAllConnections();
    }, shutdownGraceMs);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      logger.info('plant-store-mock stopped');
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
