import { request } from 'node:http';

/**
 * Sends one POST on its own connection (no keep-alive, so no socket outlives it and holds a
 * server open at shutdown) and resolves with the status; rejects on a socket error or timeout.
 *
 * @example
 * const status = await postOnce(`${url}/plants`, headers, '{"id":1,"name":"Fern"}', 1_000);
 */
export function postOnce(
  url: string,
  headers: Readonly<Record<string, string>>,
  body: string,
  timeoutMs: number,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        timeout: timeoutMs,
      },
      (res) => {
        res.resume();
        res.once('end', () => {
          resolve(res.statusCode ?? 0);
        });
        res.once('error', reject);
      },
    );
    req.once('timeout', () => {
      req.destroy(new Error(`No answer from ${url} within ${timeoutMs} ms`));
    });
    req.once('error', reject);
    req.end(body);
  });
}
