import type { Agent } from 'node:http';
import { send, type Answer } from './mock-fetch.ts';
import { sendOver } from './raw-http.ts';

/**
 * Calls the admin API directly over HTTP, as any non-JS consumer would: with fetch, or with
 * node:http over `agent` where a test sends hundreds of calls (see sendOver).
 */
export function admin(
  server: { adminUrl: string },
  path: string,
  options: {
    method?: string;
    body?: unknown;
    session?: string;
    token?: string;
    agent?: Agent;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.session !== undefined) headers['x-mock-session'] = options.session;
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  const init = {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  };
  const url = `${server.adminUrl}${path}`;
  return options.agent === undefined ? send(url, init) : sendOver(options.agent, url, init);
}
