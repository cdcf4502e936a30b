import { send, type Answer } from './mock-fetch.ts';

/** Calls the admin API directly over HTTP, as any non-JS consumer would. */
export function admin(
  server: { adminUrl: string },
  path: string,
  options: { method?: string; body?: unknown; session?: string; token?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.session !== undefined) headers['x-mock-session'] = options.session;
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  return send(`${server.adminUrl}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
}
