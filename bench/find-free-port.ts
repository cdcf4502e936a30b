import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A port that was free a moment ago, for servers that cannot take `--port 0` (Prism). Another
 * process could take it before the server binds; on loopback, in one bench run, none does.
 *
 * @example
 * const port = await findFreePort('127.0.0.1');
 */
export function findFreePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => {
        resolve(port);
      });
    });
  });
}
