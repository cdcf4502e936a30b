const tokenKey = 'plant-store-mock.admin-token';
const base = '/__admin';

/** An admin call that failed; the message is the server's, or says what went wrong. */
export class AdminCallError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'AdminCallError';
    this.status = status;
  }
}

/** Asks the user for the admin token; resolves undefined when they decline. */
export type AskToken = () => Promise<string | undefined>;

/**
 * Calls the admin API with the tab's admin token. A 401 asks for the token once (kept in
 * sessionStorage, so for the tab only) and retries.
 */
export function createAdminApi(askToken: AskToken) {
  let asking: Promise<string | undefined> | undefined;

  function headers(session: string | undefined, body: boolean): Record<string, string> {
    const result: Record<string, string> = {};
    const token = sessionStorage.getItem(tokenKey);
    if (token !== null) result.authorization = `Bearer ${token}`;
    if (session !== undefined) result['x-mock-session'] = session;
    if (body) result['content-type'] = 'application/json';
    return result;
  }

  // One question at a time, however many calls failed together.
  async function renewToken(): Promise<boolean> {
    asking ??= askToken().finally(() => {
      asking = undefined;
    });
    const token = await asking;
    if (token === undefined || token === '') return false;
    sessionStorage.setItem(tokenKey, token);
    return true;
  }

  async function call(
    method: string,
    path: string,
    session?: string,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: headers(session, body !== undefined),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        ...(signal === undefined ? {} : { signal }),
        cache: 'no-store',
      });
      if (response.status !== 401 || attempt > 0) return response;
      await response.body?.cancel();
      if (!(await renewToken())) return response;
    }
  }

  return {
    /** The raw response, after a token prompt on 401 when needed. */
    call,
    /** The parsed JSON answer; throws AdminCallError for a status of 400 or more. */
    async json(method: string, path: string, session?: string, body?: unknown): Promise<unknown> {
      const response = await call(method, path, session, body);
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text === '' ? undefined : (JSON.parse(text) as unknown);
      } catch {
        parsed = text;
      }
      if (response.status >= 400) {
        const message =
          typeof parsed === 'object' && parsed !== null && 'message' in parsed
            ? String(parsed.message)
            : `${method} ${base}${path} answered ${response.status}`;
        throw new AdminCallError(response.status, message);
      }
      return parsed;
    },
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;
