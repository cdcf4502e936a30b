import type { Server } from 'node:http';
import { createServer, type Socket } from 'node:net';
import { ConfigError } from '../errors.ts';

/**
 * A port listened on before the mock has loaded: the connections it accepts wait, unread, until
 * the mock's server takes the port over (handOver), or are answered 503 with why it failed to
 * start (refuse). Requests that come early so wait for their answer, never get a wrong one.
 */
export interface HeldPort {
  port: number;
  /** The server listens on the port's own socket and serves the waiting connections. */
  handOver(server: Server): Promise<number>;
  /** Answers every connection, waiting or to come, 503 with this message. */
  refuse(message: string): void;
  /** Stops listening (after refuse; a handed-over port closes with its server). */
  close(): void;
}

/**
 * Listens on host:port (0 for a free one) at once, for a mock that loads meanwhile.
 *
 * @example
 * const held = await holdPort(0, '127.0.0.1');
 * const mock = await startMockServer({ host: '127.0.0.1' }, held); // listens on held.port
 */
export async function holdPort(port: number, host: string): Promise<HeldPort> {
  const waiting = new Set<Socket>();
  const hold = (socket: Socket): void => {
    waiting.add(socket);
    socket.once('close', () => waiting.delete(socket));
  };
  const early = createServer({ pauseOnConnect: true }, hold);
  await new Promise<void>((resolve, reject) => {
    early.once('error', (cause: NodeJS.ErrnoException) => {
      reject(listenFailure(host, port, '--port', cause));
    });
    early.listen(port, host, resolve);
  });
  const address = early.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : port,
    handOver: (server) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        // A documented form of listen(): the server takes over the early one's socket.
        server.listen(early, () => {
          early.off('connection', hold);
          for (const socket of waiting) {
            server.emit('connection', socket);
            socket.resume();
          }
          waiting.clear();
          resolve((server.address() as { port: number }).port);
        });
      }),
    refuse: (message) => {
      const body = JSON.stringify({ error: 503, message });
      const answer = `HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;
      const refuseOne = (socket: Socket): void => {
        socket.on('error', () => undefined).once('data', () => socket.end(answer));
        socket.resume();
      };
      early.off('connection', hold).on('connection', refuseOne);
      for (const socket of waiting) refuseOne(socket);
      waiting.clear();
    },
    close: () => {
      early.close();
    },
  };
}

/** Why a server failed to listen on host:port; `flag` names the setting the port came from. */
export function listenFailure(
  host: string,
  port: number,
  flag: string,
  cause: NodeJS.ErrnoException,
): ConfigError {
  return new ConfigError(
    `Failed to listen on ${host}:${String(port)} (${flag}): ${cause.code ?? cause.message}. Make sure the port is free and the host is an address of this machine.`,
    { cause },
  );
}
