import { startMockServer, type MockServerOptions, type RunningMockServer } from 'plant-store-mock';

export const auth = { authorization: 'Bearer test-token' } as const;
export const json = { 'content-type': 'application/json' } as const;

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

/** Starts a quiet mock on an ephemeral loopback port. */
export function startTestServer(options: MockServerOptions = {}): Promise<RunningMockServer> {
  return startMockServer({ port: 0, host: '127.0.0.1', logLevel: 'silent', ...options });
}

/** Sends a request and reads the whole answer; the body is parsed when it is JSON. */
export async function send(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text);
  return { status: response.status, headers: response.headers, body, text };
}

/** POST /plants with a bearer token and a JSON body (a string is sent as it is). */
export function createPlant(
  server: { url: string },
  body: unknown,
  headers: Record<string, string> = {},
  query = '',
): Promise<Answer> {
  return send(`${server.url}/plants${query}`, {
    method: 'POST',
    headers: { ...auth, ...json, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
