import type { RunningMockServer } from 'plant-store-mock';
import { expect } from 'vitest';
import { answerChecker } from './answer-check.ts';

export interface Reply {
  status: number;
  body: unknown;
  mediaType: string;
}

/**
 * A client of one mock and session that checks each answer against the contract with ajv (see
 * answerChecker), failing the test on any violation. A body given as a string is sent as it is.
 *
 * @example
 * const call = contractClient(server, 'todos.yaml');
 * await call('POST', '/todos', { title: 'Water the fern' }); // { status: 201, body: { id: 1, ... } }
 */
export function contractClient(
  server: RunningMockServer,
  spec: string,
  session = 'tester',
  headers: Record<string, string> = {},
) {
  const check = answerChecker(spec);
  return async (
    method: string,
    path: string,
    body?: unknown,
    type = 'application/json',
    extra: Record<string, string> = {},
  ): Promise<Reply> => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...headers,
        ...extra,
        'x-mock-session': session,
        ...(body === undefined ? {} : { 'content-type': type }),
      },
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    const mediaType = (response.headers.get('content-type') ?? '').split(';')[0] ?? '';
    const reply: Reply = {
      status: response.status,
      body: text === '' ? undefined : JSON.parse(text),
      mediaType,
    };
    expect(
      check(method, path, reply.status, reply.body, mediaType || undefined),
      `${method} ${path}`,
    ).toEqual([]);
    return reply;
  };
}
