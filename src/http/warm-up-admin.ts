import { createRequire } from 'node:module';

/**
 * Sends one `POST /__admin/reset` in `session` and waits for its end: the first /__admin request
 * loads Express and the admin API's checks, so a caller that warms it up spares the first real
 * one. Through node:http, required (see createHttpServer): fetch would load undici. Never
 * rejects: a failure leaves the load to the next request, which then says what is wrong.
 *
 * @example
 * await warmUpAdmin('http://127.0.0.1:4010/__admin', undefined, 'warm-up');
 */
export function warmUpAdmin(
  adminUrl: string,
  token: string | undefined,
  session: string,
): Promise<void> {
  const { request } = createRequire(import.meta.url)('node:http') as typeof import('node:http');
  const headers = {
    'x-mock-session': session,
    ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
  };
  return new Promise((resolve) => {
    request(`${adminUrl}/reset`, { method: 'POST', headers }, (res) => {
      res.resume().once('end', resolve);
    })
      .once('error', () => {
        resolve();
      })
      .end();
  });
}
