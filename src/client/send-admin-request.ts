import { parseJsonWithBigInts, stringifyWithBigInts } from '../parsing/exact-json.ts';
import type { AdminFetch } from './mock-client.ts';
import { MockClientError } from './mock-client-error.ts';

/** One admin API call: what it is for (in messages), method, path under the admin URL, body. */
export interface AdminRequest {
  /** Completes "Failed to ...", e.g. `count requests`. */
  what: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  /** Non-2xx statuses the caller handles itself (422 for verifications). */
  accept?: readonly number[];
}

/** Where the admin API answers and the headers every call sends (session, admin token). */
export interface AdminTarget {
  adminUrl: string;
  headers: Readonly<Record<string, string>>;
  /** Default the global `fetch`. */
  fetch?: AdminFetch | undefined;
}

/**
 * Sends one admin request and reads its JSON answer; throws MockClientError when the mock cannot
 * be reached or answers with a status the caller did not accept.
 *
 * @example
 * const { body } = await sendAdminRequest(target, { what: 'read coverage', method: 'GET', path: '/coverage' });
 */
export async function sendAdminRequest(
  target: AdminTarget,
  request: AdminRequest,
): Promise<{ status: number; body: unknown }> {
  const url = `${target.adminUrl}${request.path}`;
  const where = `${request.method} ${url}`;
  let response: Response;
  let text: string;
  try {
    response = await (target.fetch ?? fetch)(url, {
      method: request.method,
      headers: {
        ...target.headers,
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(request.body === undefined ? {} : { body: stringifyWithBigInts(request.body) }),
    });
    text = await response.text();
  } catch (cause) {
    throw new MockClientError(
      `Failed to ${request.what} (${where}): the mock did not answer (${describeCause(cause)}). Make sure the mock is running and url (or adminUrl) is its address.`,
      { status: 0, cause },
    );
  }
  const body = parseJson(text);
  if (response.ok || request.accept?.includes(response.status)) {
    return { status: response.status, body };
  }
  const serverMessage = messageOf(body);
  const said = serverMessage ?? (text.trim().slice(0, 200) || response.statusText);
  const hint = hintFor(response.status, serverMessage);
  throw new MockClientError(
    `Failed to ${request.what} (${where}): the mock answered ${response.status}: ${said}${hint === undefined ? '' : ` ${hint}`}`,
    { status: response.status, serverMessage },
  );
}

function hintFor(status: number, serverMessage: string | undefined): string | undefined {
  if (status === 401) {
    return 'Make sure to give createMockClient() the adminToken the mock was started with.';
  }
  // The admin API's only 404 is an unknown request id; any other 404 or 405 comes from the
  // contract's side of the mock, so the admin URL is wrong (e.g. the mock runs with adminPort).
  if ((status === 404 || status === 405) && !/recorded request/.test(serverMessage ?? '')) {
    return 'Make sure adminUrl points at the admin API: with adminPort it is on its own port (RunningMockServer adminUrl).';
  }
  if (serverMessage?.includes('Make sure') === true) return undefined;
  return 'Make sure url (or adminUrl) points at a plant-store-mock of the same version.';
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    // Integers past 2^53 (ids the journal keeps exactly) arrive as bigints.
    return parseJsonWithBigInts(text);
  } catch {
    return text;
  }
}

function messageOf(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' ? message : undefined;
}

// fetch reports "fetch failed" and keeps the reason (ECONNREFUSED, ...) in its cause.
function describeCause(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const detail =
    typeof cause?.code === 'string'
      ? cause.code
      : typeof cause?.message === 'string'
        ? cause.message
        : undefined;
  return detail === undefined ? error.message : `${error.message}: ${detail}`;
}
