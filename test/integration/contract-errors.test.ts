import { fileURLToPath } from 'node:url';
import type { RunningMockServer } from 'plant-store-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../support/admin-fetch.ts';
import { send, startTestServer, type Answer } from '../support/mock-fetch.ts';
import { declaredSchemaCheck } from '../support/declared-schema-check.ts';

// A to-do contract of a user's own, whose errors have their own shapes (a `Problem` that
// requires `code`, `title` and `detail`; a `ValidationError` whose message is its `reason`), in
// each of the three document formats: every error the mock answers itself must fit them.
const specs = {
  'OpenAPI 3.0': 'todo-errors.yaml',
  'OpenAPI 3.1': 'todo-errors-3.1.yaml',
  'Swagger 2.0': 'todo-errors-swagger.yaml',
} as const;

const json = { 'content-type': 'application/json' };
const bearer = { authorization: 'Bearer t' };

describe.each(Object.entries(specs))('errors of a %s contract of its own', (_, file) => {
  const spec = fileURLToPath(new URL(`../../fixtures/specs/${file}`, import.meta.url));
  let servers: Record<'static' | 'stateful', RunningMockServer>;
  let check: ReturnType<typeof declaredSchemaCheck>;

  beforeAll(async () => {
    const [statics, stateful] = await Promise.all([
      startTestServer({ spec, mode: 'static' }),
      startTestServer({ spec }),
    ]);
    servers = { static: statics, stateful };
    check = declaredSchemaCheck(spec);
  });
  afterAll(async () => {
    await Promise.all([servers.static.close(), servers.stateful.close()]);
  });

  // The answer is the declared response of its status, valid against its schema (checked by ajv
  // on the document, not by the mock), and the journal does not count it as a violation.
  async function expectDeclared(
    server: RunningMockServer,
    answer: Answer,
    path: string,
    method: string,
  ): Promise<void> {
    expect(check(path, method, answer.status, answer.body)).toEqual([]);
    const journal = await admin(server, '/requests');
    const { requests } = journal.body as {
      requests: {
        request: { method: string };
        contract: { response: { violations: unknown[] } };
      }[];
    };
    // Newest first.
    const entry = requests.find((e) => e.request.method === method);
    expect(entry).toBeDefined();
    expect(entry?.contract.response.violations).toEqual([]);
  }

  describe.each(['static', 'stateful'] as const)('in %s mode', (mode) => {
    it('answers an invalid body with the declared 400 Problem, the violation in its detail', async () => {
      const server = servers[mode];
      const answer = await send(`${server.url}/todos`, {
        method: 'POST',
        headers: json,
        body: '{"done":true}',
      });
      expect(answer.status).toBe(400);
      const body = answer.body as Record<string, unknown>;
      expect(body.detail).toContain('title');
      expect(typeof body.code).toBe('string');
      await expectDeclared(server, answer, '/todos', 'POST');
    });

    it('answers a malformed path parameter with the declared 422 naming it as the contract spells it', async () => {
      const server = servers[mode];
      const answer = await send(`${server.url}/todos/abc`, {
        method: 'PUT',
        headers: { ...json, ...bearer },
        body: '{"title":"Repot"}',
      });
      expect(answer.status).toBe(422);
      const body = answer.body as Record<string, unknown>;
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.reason).toContain('todoId');
      expect(body.reason).not.toContain('todoid');
      await expectDeclared(server, answer, '/todos/{todoId}', 'PUT');
    });

    it('answers a malformed path parameter of an operation without 400 or 422 with a 400 problem, not its 404', async () => {
      const server = servers[mode];
      const answer = await send(`${server.url}/todos/abc`, { method: 'DELETE' });
      expect(answer.status).toBe(400);
      expect(answer.headers.get('content-type')).toBe('application/problem+json');
      expect(answer.body).toMatchObject({ status: 400, title: 'Invalid request' });
      expect(JSON.stringify(answer.body)).toContain('todoId');
      expect(JSON.stringify(answer.body)).not.toContain('todoid');
    });

    it('answers a missing credential with the declared 401 Problem', async () => {
      const server = servers[mode];
      const answer = await send(`${server.url}/todos/1`, {
        method: 'PUT',
        headers: json,
        body: '{"title":"Repot"}',
      });
      expect(answer.status).toBe(401);
      await expectDeclared(server, answer, '/todos/{todoId}', 'PUT');
    });

    it('answers a body of a media type the operation does not take with the declared 415', async () => {
      const server = servers[mode];
      const answer = await send(`${server.url}/todos/1`, {
        method: 'PUT',
        headers: { ...bearer, 'content-type': 'text/plain' },
        body: 'Repot',
      });
      expect(answer.status).toBe(415);
      expect((answer.body as Record<string, unknown>).reason).toContain('content-type');
      await expectDeclared(server, answer, '/todos/{todoId}', 'PUT');
    });

    it('answers an Accept it cannot meet with the declared 406, in every mode', async () => {
      const server = servers[mode];
      const read = await send(`${server.url}/todos/1`, { headers: { accept: 'image/png' } });
      expect(read.status).toBe(406);
      await expectDeclared(server, read, '/todos/{todoId}', 'GET');
      const create = await send(`${server.url}/todos`, {
        method: 'POST',
        headers: { ...json, accept: 'image/png' },
        body: '{"title":"Repot"}',
      });
      expect(create.status).toBe(406);
    });

    it("answers an unknown path with the contract's 404 Problem", async () => {
      const server = servers[mode];
      const answer = await send(`${server.url}/compost`);
      expect(answer.status).toBe(404);
      expect(check('/todos/{todoId}', 'DELETE', 404, answer.body)).toEqual([]);
      expect(JSON.stringify(answer.body)).toContain('/compost');
    });

    it('answers a method the path does not take with 405 and Allow (none declared: its own)', async () => {
      const server = servers[mode];
      const answer = await send(`${server.url}/todos`, { method: 'PATCH' });
      expect(answer.status).toBe(405);
      expect(answer.headers.get('allow')).toBe('POST');
    });
  });
});
