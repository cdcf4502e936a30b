import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Docker engine API on a loopback port that answers what Testcontainers asks before it starts
 * a container (ping, version, info, the container list), has no image, and cannot pull one: an
 * engine without registry access. Only for tests of how the suite meets such an engine.
 *
 * @example
 * const engine = await startFakeDockerEngine();
 * // DOCKER_HOST=engine.host ...
 * await engine.close();
 */
export async function startFakeDockerEngine(): Promise<{
  host: string;
  close(): Promise<void>;
}> {
  const server: Server = createServer((request, response) => {
    request.resume();
    const path = (request.url ?? '').replace(/^\/v[\d.]+/, '');
    const answer = (status: number, body: unknown): void => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (path === '/_ping') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('OK');
    } else if (path === '/version') {
      answer(200, { Version: '27.0.0', ApiVersion: '1.47', Os: 'linux', Arch: 'amd64' });
    } else if (path === '/info') {
      answer(200, {
        ServerVersion: '27.0.0',
        OperatingSystem: 'Fake',
        OSType: 'linux',
        Labels: [],
      });
    } else if (path.startsWith('/containers/json')) {
      answer(200, []);
    } else if (path.startsWith('/images/create')) {
      answer(500, {
        message: 'Get "https://registry-1.docker.io/v2/": dial tcp: no route to host',
      });
    } else {
      answer(404, { message: `No such object: ${request.method ?? ''} ${path}` });
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    host: `tcp://127.0.0.1:${String(port)}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}
