import { once } from 'node:events';
import { connect, type Socket } from 'node:net';

/** A GET /__admin/events whose client stopped reading once the answer began. */
export interface StalledStream {
  status: number;
  /** What arrived before the client stopped reading: the head, and the body of a refusal. */
  received: string;
  socket: Socket;
}

/**
 * Opens a raw connection, sends `GET path`, reads until the status line (and a refusal's whole
 * body) has come, then pauses the socket for good: a browser tab that froze, or a client that
 * never reads. Destroy `socket` to end it.
 *
 * @example
 * const stalled = await openStalledStream(port, '/__admin/events?session=*');
 * stalled.status; // 200, or 503 past --event-client-limit
 */
export async function openStalledStream(port: number, path: string): Promise<StalledStream> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined); // the mock may cut it: that is what is tested
  await once(socket, 'connect');
  socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
  let received = '';
  await new Promise<void>((resolve) => {
    const onData = (chunk: string): void => {
      received += chunk;
      if (!answerStarted(received)) return;
      // No reader from now on: what the mock sends fills the socket's buffers.
      socket.off('data', onData).pause();
      resolve();
    };
    socket.setEncoding('latin1').on('data', onData).once('close', resolve);
  });
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0), received, socket };
}

// The head is in, and a body with a length (a refusal) is whole; a stream has no length.
function answerStarted(received: string): boolean {
  const end = received.indexOf('\r\n\r\n');
  if (end === -1) return false;
  const length = /\r\ncontent-length: (\d+)/i.exec(received.slice(0, end))?.[1];
  return length === undefined || received.length - end - 4 >= Number(length);
}
