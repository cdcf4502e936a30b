import { once } from 'node:events';
import {
  createServer as createHttpServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

/** A request as the provider received it. */
export interface ProviderRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the provider answers a request whose body it has read; JSON bodies arrive parsed. */
export type ProviderHandler = (
  request: ProviderRequest & { json: unknown },
  res: ServerResponse,
  req: IncomingMessage,
) => void;

export interface RunningProvider {
  url: string;
  port: number;
  /** Every request received, in order. */
  requests: ProviderRequest[];
  close(): Promise<void>;
}

/**
 * Starts a provider on 127.0.0.1, port 0: plain node:http (or node:https with `tls`), as a real
 * service behind the mock would be.
 *
 * @example
 * const provider = await startProvider(plantStore);
 */
export async function startProvider(
  handler: ProviderHandler,
  tls?: { key: string | Buffer; cert: string | Buffer },
): Promise<RunningProvider> {
  const requests: ProviderRequest[] = [];
  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      requests.push(request);
      let json: unknown;
      try {
        json = body === '' ? undefined : JSON.parse(body);
      } catch {
        json = undefined;
      }
      handler({ ...request, json }, res, req);
    });
  };
  const server: Server =
    tls === undefined ? createHttpServer(listener) : createHttpsServer(tls, listener);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `${tls === undefined ? 'http' : 'https'}://127.0.0.1:${port}`,
    port,
    requests,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** Answers JSON text as it is. */
export function answerJson(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string | string[]> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(text);
}

/**
 * The Plant Store as openapi.yaml describes it: POST /plants with a bearer token and a
 * `NewPlant` answers the plant without its id; anything else is a 400 `Error` (a 401 without
 * a token).
 */
export const plantStore: ProviderHandler = ({ method, url, headers, json }, res) => {
  if (method !== 'POST' || !url.startsWith('/plants')) {
    answerJson(res, 404, JSON.stringify({ error: 404, message: `no ${method} ${url}` }));
    return;
  }
  if (!/^Bearer \S+/.test(headers.authorization ?? '')) {
    answerJson(res, 401, JSON.stringify({ error: 401, message: 'a bearer token is required' }));
    return;
  }
  const plant = json as { id?: unknown; name?: unknown; tag?: unknown } | undefined;
  if (typeof plant?.name !== 'string' || !Number.isInteger(plant.id)) {
    answerJson(res, 400, JSON.stringify({ error: 400, message: 'a plant needs an id and a name' }));
    return;
  }
  const created =
    plant.tag === undefined ? { name: plant.name } : { name: plant.name, tag: plant.tag };
  answerJson(res, 200, JSON.stringify(created), { 'x-provider': 'plant-store' });
};

/**
 * A provider that drifted from the contract, by the plant's name: `wrong-type` (a number for
 * `name`), `missing-field` (no `name`), `undeclared-status` (418), `slow` (never answers),
 * `drop` (closes the connection), `malformed` (not HTTP), `not-implemented` (501), `missing`
 * (404), `huge` (a body of 64 KiB); any other name as the Plant Store does.
 */
export const driftingPlantStore: ProviderHandler = (request, res, req) => {
  const name = (request.json as { name?: unknown } | undefined)?.name;
  switch (name) {
    case 'wrong-type':
      answerJson(res, 200, '{"name":42}');
      return;
    case 'missing-field':
      answerJson(res, 200, '{"tag":"tropical"}');
      return;
    case 'undeclared-status':
      answerJson(res, 418, '{"error":418,"message":"I am a teapot"}');
      return;
    case 'slow':
      return; // held until the provider closes
    case 'drop':
      req.socket.destroy();
      return;
    case 'malformed':
      req.socket.end('HTTP/1.1 abc nonsense\r\n\r\n');
      return;
    case 'not-implemented':
      answerJson(res, 501, '{"error":501,"message":"not built yet"}');
      return;
    case 'missing':
      answerJson(res, 404, '{"error":404,"message":"no such route here"}');
      return;
    case 'huge':
      answerJson(res, 200, JSON.stringify({ name: 'x'.repeat(64 * 1024) }));
      return;
    default:
      plantStore(request, res, req);
  }
};
