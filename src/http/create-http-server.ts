import { createRequire } from 'node:module';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { ResolvedConfig } from '../config/config-schema.ts';
import { HttpError } from '../errors.ts';
import { endHeldFaults } from './apply-fault.ts';
import { sendHttpError } from './handle-errors.ts';
import { listenFailure } from './hold-port.ts';
import { refuseMalformedRequest } from './refuse-malformed-request.ts';

// Required, not imported: an ESM import of node:http builds its module facade, which reads every
// export, and Node 24's lazy fetch and WebSocket exports then load undici (see docs/design.md).
const { createServer } = createRequire(import.meta.url)('node:http') as typeof import('node:http');

/**
 * A node:http server for the mock or the admin API, with the request timeouts of the settings;
 * it tracks its responses in flight, for a graceful close.
 */
export function createHttpServer(app: RequestListener, config: ResolvedConfig): Server {
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

export function urlOf(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** Listens on host:port; `flag` names the setting the port came from, for the error. */
export function listen(server: Server, port: number, host: string, flag: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (cause: NodeJS.ErrnoException) => {
      reject(listenFailure(host, port, flag, cause));
    });
    server.listen(port, host, () => {
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export function closeGracefully(server: Server, graceMs: number): Promise<void> {
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
export async function responsesClosed(servers: readonly Server[], ms: number): Promise<void> {
  const open = servers.flatMap((server) => [...inFlight(server)]);
  const closed = open.map((res) => new Promise((resolve) => res.once('close', resolve)));
  // Unreferenced: once they have closed, the timer holds nothing up.
  await Promise.race([Promise.all(closed), delay(Math.max(0, ms), undefined, { ref: false })]);
}
