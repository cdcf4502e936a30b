import { once } from 'node:events';
import { request, type Agent } from 'node:http';
import type { Answer } from './mock-fetch.ts';
import { connect } from 'node:net';

/** How a connection that drips its request one byte at a time ended. */
export interface DripResult {
  /** Milliseconds from the first byte to the server closing the connection. */
  closedAfterMs: number;
  /** What the server wrote before it closed, e.g. `HTTP/1.1 408 Request Timeout ...`. */
  received: string;
  bytesSent: number;
}

/**
 * Opens a raw TCP connection and sends `text` one byte every `everyMs` (a slowloris client).
 * `whileOpen` runs until the server closes the connection or `giveUpMs` passes, whichever comes
 * first; the connection is destroyed in any case before this resolves.
 *
 * @example
 * const { closedAfterMs } = await dripRequest(port, 'GET / HTTP/1.1\r\n', 300, 5_000, check);
 */
export async function dripRequest(
  port: number,
  text: string,
  everyMs: number,
  giveUpMs: number,
  whileOpen: () => Promise<void>,
): Promise<DripResult | undefined> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined); // a reset is a close as well
  let received = '';
  socket.setEncoding('latin1').on('data', (chunk: string) => (received += chunk));
  await once(socket, 'connect');
  const started = performance.now();
  let bytesSent = 0;
  let closedAfterMs: number | undefined;
  socket.once('close', () => (closedAfterMs = performance.now() - started));
  const drip = setInterval(() => {
    if (bytesSent < text.length && socket.writable) socket.write(text.charAt(bytesSent++));
  }, everyMs);
  try {
    while (closedAfterMs === undefined && performance.now() - started < giveUpMs) {
      await whileOpen();
    }
  } finally {
    clearInterval(drip);
    socket.destroy();
  }
  return closedAfterMs === undefined ? undefined : { closedAfterMs, received, bytesSent };
}

/**
 * Sends the headers and the first `sentBytes` of a body that announces `body.length` bytes, then
 * destroys the request: a client that goes away mid-body.
 */
export async function abortMidBody(
  port: number,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
  sentBytes: number,
): Promise<void> {
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path,
    headers: { ...headers, 'content-length': String(body.length) },
  });
  req.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    req.write(body.subarray(0, sentBytes), (error) => {
      if (error) reject(error);
      else resolve();
    });
  });
  req.destroy();
}

/** Status of one request sent over `agent`, with its body read and dropped. */
export function statusOver(
  agent: Agent,
  port: number,
  path: string,
  headers: Record<string, string>,
  body: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        res.resume();
        res.once('end', () => {
          resolve(res.statusCode ?? 0);
        });
        res.once('error', reject);
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}

/**
 * Writes `head` (request line and headers, without the blank line) and `body` on a fresh TCP
 * connection, byte for byte as given, and resolves with the status of the answer. For what fetch
 * will not send, such as a header named `__proto__`.
 */
export async function sendRaw(port: number, head: string, body = ''): Promise<number> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  let received = '';
  socket.setEncoding('latin1').on('data', (chunk: string) => (received += chunk));
  const closed = once(socket, 'close');
  socket.end(
    `${head}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  await closed;
  const status = /^HTTP\/1\.1 (\d{3}) /.exec(received)?.[1];
  if (status === undefined) throw new Error(`No HTTP answer came back: ${received.slice(0, 200)}`);
  return Number(status);
}

/**
 * Sends a request over `agent` (keep-alive) with node:http and reads the whole answer, as send()
 * does with fetch: for tests that send hundreds of requests, where fetch's own work was a quarter
 * of the test's CPU.
 */
export function sendOver(
  agent: Agent,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal },
): Promise<Answer> {
  const { body, ...options } = init;
  return new Promise((resolve, reject) => {
    const req = request(url, { ...options, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.once('error', reject);
      res.once('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const one of [value ?? []].flat()) headers.append(name, one);
        }
        const isJson = (headers.get('content-type') ?? '').includes('json');
        resolve({
          status: res.statusCode ?? 0,
          headers,
          body: isJson ? JSON.parse(text) : text,
          text,
        });
      });
    });
    req.once('error', reject);
    req.end(body);
  });
}
