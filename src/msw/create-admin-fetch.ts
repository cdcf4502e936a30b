import type { AdminDeps } from '../admin/admin-context.ts';
import { adminRoutes } from '../admin/admin-routes.ts';
import { adminPathParams } from '../admin/match-admin-path.ts';
import type { AdminFetch } from '../client/mock-client.ts';
import { HttpError } from '../errors.ts';
import { errorBodyOf, toHttpError } from '../http/handle-errors.ts';
import { parseExactJson } from '../parsing/exact-json.ts';
import { mayHoldBigIntegers } from '../parsing/parse-json-body.ts';
import { defaultSession, sessionHeaderOf, sessionNameProblem } from '../sessions/session-of.ts';
import { queryOf } from './query-of.ts';

const jsonHeaders = { 'content-type': 'application/json' };

/**
 * The admin API's handlers behind a `fetch` that answers in this process, for a MockClient of
 * in-process handlers: the same route table, bodies and errors as `/__admin`, with no socket,
 * no Express and no admin token. What only a connection can carry (the event stream, the
 * inspector page) answers 404.
 *
 * @example
 * const client = createMockClient({ url, fetch: createAdminFetch(deps, `${url}/__admin`) });
 */
export function createAdminFetch(deps: AdminDeps, adminUrl: string): AdminFetch {
  const prefix = new URL(adminUrl).pathname.replace(/\/+$/, '');
  return async (url, init) => {
    const { pathname, search } = new URL(url);
    const method = init.method ?? 'GET';
    const path = pathname.slice(prefix.length);
    try {
      const reply = await answer(deps, method, path, search, init);
      const text = reply.text === undefined ? null : reply.text;
      return new Response(text, { status: reply.status, headers: jsonHeaders });
    } catch (error) {
      const httpError = toHttpError(error, 1_048_576);
      return new Response(JSON.stringify(errorBodyOf(httpError)), {
        status: httpError.status,
        headers: jsonHeaders,
      });
    }
  };
}

async function answer(
  deps: AdminDeps,
  method: string,
  path: string,
  search: string,
  init: RequestInit,
): Promise<{ status: number; text: string | undefined }> {
  let found: { route: (typeof adminRoutes)[number]; params: Record<string, string> } | undefined;
  for (const route of adminRoutes) {
    const params = route.method === method ? adminPathParams(route.path, path) : undefined;
    if (params !== undefined) {
      found = { route, params };
      break;
    }
  }
  if (found === undefined) {
    throw new HttpError(
      'NOT_FOUND',
      `No admin endpoint matches ${method} /__admin${path} in process. Make sure to use the MockClient's methods.`,
    );
  }
  const query = queryOf(search);
  const reply = await found.route.handler({
    deps,
    session: sessionOf(init.headers, query.session),
    query,
    params: found.params,
    body: bodyOf(init.body, found.route.exactNumbers === true),
  });
  if (reply.respond !== undefined) {
    throw new HttpError(
      'NOT_FOUND',
      `${method} /__admin${path} needs a connection, which in-process handlers do not have. Make sure to run the mock server for it.`,
    );
  }
  if (reply.jsonChunks !== undefined) {
    let text = '';
    for await (const chunk of reply.jsonChunks) text += chunk;
    return { status: reply.status, text };
  }
  return {
    status: reply.status,
    text: reply.body === undefined ? undefined : JSON.stringify(reply.body),
  };
}

// As the admin router reads it: X-Mock-Session, else ?session=, else the default session.
function sessionOf(headers: RequestInit['headers'], query: unknown): string {
  const session =
    sessionHeaderOf(Object.fromEntries(new Headers(headers))) ??
    (typeof query === 'string' && query !== '' ? query : defaultSession);
  const problem = sessionNameProblem(session);
  if (problem !== undefined) throw new HttpError('INVALID_ADMIN_REQUEST', problem);
  return session;
}

// The client sends JSON text; integers past 2^53 are read exactly where the route asks for it.
function bodyOf(body: RequestInit['body'], exactNumbers: boolean): unknown {
  if (typeof body !== 'string' || body === '') return undefined;
  try {
    return exactNumbers && mayHoldBigIntegers(body) ? parseExactJson(body) : JSON.parse(body);
  } catch (cause) {
    throw new HttpError(
      'INVALID_ADMIN_REQUEST',
      `Failed to read the admin request: its body is not JSON. Make sure to send JSON.`,
      { cause },
    );
  }
}
