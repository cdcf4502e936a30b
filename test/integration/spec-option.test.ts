import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { startMockServer, type RunningMockServer } from 'plant-store-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, send } from '../support/mock-fetch.ts';

// A second contract, unlike the Plant Store in every way that matters to the server: OpenAPI 3.0.3,
// JSON, no security, a 201, a 422 with a {code, detail} error, a GET with a path template.
const spec = fileURLToPath(new URL('../../fixtures/specs/todo-list.json', import.meta.url));
const document = JSON.parse(readFileSync(spec, 'utf8')) as {
  info: { title: string; version: string };
  components: { schemas: Record<string, object> };
};

// The tests judge bodies against the document themselves, as contract-schemas.ts does.
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats.default(ajv);
ajv.addSchema({ $id: 'todo-list', components: document.components });
const validators = {
  Todo: ajv.compile({ $ref: 'todo-list#/components/schemas/Todo' }),
  TodoList: ajv.compile({ type: 'array', items: { $ref: 'todo-list#/components/schemas/Todo' } }),
  Problem: ajv.compile({ $ref: 'todo-list#/components/schemas/Problem' }),
};

function schemaErrors(name: keyof typeof validators, value: unknown): string[] {
  const validate = validators[name];
  return validate(value)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}

describe.each(['static', 'dynamic', 'stateful'] as const)(
  'serving todo-list.json in %s mode',
  (mode) => {
    let server: RunningMockServer;
    beforeAll(async () => {
      server = await startMockServer({ spec, mode, port: 0, logLevel: 'silent' });
    });
    afterAll(() => server.close());

    it('answers GET /todos with 200 and a list of Todos, with no credentials', async () => {
      const answer = await send(`${server.url}/todos`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(schemaErrors('TodoList', answer.body)).toEqual([]);
    });

    it('answers a valid POST /todos with 201 and a Todo', async () => {
      const answer = await send(`${server.url}/todos`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ title: 'Repot the fern' }),
      });
      expect(answer.status).toBe(201);
      expect(schemaErrors('Todo', answer.body)).toEqual([]);
    });

    it('answers an invalid POST /todos with 422 and a body in the Problem shape', async () => {
      const answer = await send(`${server.url}/todos`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ title: 5 }),
      });
      expect(answer.status).toBe(422);
      expect(schemaErrors('Problem', answer.body)).toEqual([]);
      expect(answer.body).toEqual({
        code: 422,
        detail: expect.stringMatching(/body\/title: must be string/) as string,
      });
    });

    it('answers a POST /todos without a body with 422 in the Problem shape', async () => {
      const answer = await send(`${server.url}/todos`, { method: 'POST', headers: json });
      expect(answer.status).toBe(422);
      expect(schemaErrors('Problem', answer.body)).toEqual([]);
      expect((answer.body as { detail: string }).detail).toMatch(/body: is required/);
    });

    it('routes GET /todos/{todoId} by its path template, to the item created', async () => {
      const created = await send(`${server.url}/todos`, {
        method: 'POST',
        headers: { ...json, 'x-mock-session': 'routing' },
        body: JSON.stringify({ title: 'Water the cactus' }),
      });
      const id = (created.body as { id: number }).id;
      const answer = await send(`${server.url}/todos/${id}`, {
        headers: { 'x-mock-session': 'routing' },
      });
      expect(answer.status).toBe(200);
      expect(schemaErrors('Todo', answer.body)).toEqual([]);
      // Only stateful mode reads back what was created.
      if (mode === 'stateful') expect(answer.body).toEqual(created.body);
    });

    it('answers a todoId that is not an integer as an invalid request naming todoId, not with its 404', async () => {
      const answer = await send(`${server.url}/todos/seven`);
      // The operation declares errors but no 400 or 422: a 400 problem, the parameter spelt as
      // declared.
      expect(answer.status).toBe(400);
      expect(answer.headers.get('content-type')).toBe('application/problem+json');
      const [violation] = (answer.body as { validation: { location: string[]; message: string }[] })
        .validation;
      expect(violation?.location).toEqual(['path', 'todoId']);
      expect(violation?.message).toMatch(/todoId must be integer/);
    });

    it('answers another method on a templated path with 405 and Allow', async () => {
      const answer = await send(`${server.url}/todos/7`, { method: 'DELETE' });
      expect(answer.status).toBe(405);
      expect(answer.headers.get('allow')).toBe('GET');
    });

    it('answers an unknown path with 404 naming the path', async () => {
      const answer = await send(`${server.url}/plants`, { method: 'POST', headers: json });
      expect(answer.status).toBe(404);
      expect(answer.text).toContain('/plants');
    });

    it("reports the document's title and version on GET /__admin/health", async () => {
      const answer = await send(`${server.url}/__admin/health`);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        status: 'ok',
        spec: { title: document.info.title, version: document.info.version },
        mode,
      });
    });
  },
);

describe('static answers from todo-list.json', () => {
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startMockServer({ spec, mode: 'static', port: 0, logLevel: 'silent' });
  });
  afterAll(() => server.close());

  it('answers GET /todos with its named example', async () => {
    const answer = await send(`${server.url}/todos`);
    expect(answer.body).toEqual([
      { id: 1, title: 'Water the monstera', done: true },
      { id: 2, title: 'Repot the fern', done: false },
    ]);
  });

  it('answers POST /todos with the 201 example and GET /todos/{todoId} with its own', async () => {
    const created = await send(`${server.url}/todos`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ title: 'Anything' }),
    });
    expect(created.body).toEqual({ id: 3, title: 'Repot the fern', done: false });
    const read = await send(`${server.url}/todos/42`);
    expect(read.body).toEqual({ id: 1, title: 'Water the monstera', done: true });
  });
});

describe('stateful answers from todo-list.json', () => {
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startMockServer({ spec, mode: 'stateful', port: 0, logLevel: 'silent' });
  });
  afterAll(() => server.close());

  it('stores each todo with an id of its own, and takes what the Todo requires besides from the 201 example', async () => {
    const post = (todo: object) =>
      send(`${server.url}/todos`, { method: 'POST', headers: json, body: JSON.stringify(todo) });
    const created = await post({ title: 'Water the cactus' });
    expect(created.status).toBe(201);
    expect(created.headers.get('sl-violations')).toBeNull();
    expect(created.body).toEqual({ id: 1, title: 'Water the cactus', done: false });
    expect((await post({ title: 'Prune', done: true })).body).toEqual({
      id: 2,
      title: 'Prune',
      done: true,
    });
    const journal = await send(`${server.url}/__admin/requests`);
    const entries = (journal.body as { requests: { contract: { response: unknown } }[] }).requests;
    expect(entries.map((entry) => entry.contract.response)).toEqual([
      { valid: true, violations: [] },
      { valid: true, violations: [] },
    ]);
  });
});

describe('dynamic answers from todo-list.json', () => {
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startMockServer({ spec, mode: 'dynamic', port: 0, logLevel: 'silent' });
  });
  afterAll(() => server.close());

  const seeds = Array.from({ length: 20 }, (_, index) => index + 1);

  it('fakes lists of Todos that match the schema, whatever the seed', async () => {
    for (const seed of seeds) {
      const answer = await send(`${server.url}/todos`, { headers: { prefer: `seed=${seed}` } });
      expect(answer.status).toBe(200);
      expect(schemaErrors('TodoList', answer.body), `seed ${seed}`).toEqual([]);
    }
  });

  it('fakes created and read Todos that match the schema, whatever the seed', async () => {
    for (const seed of seeds) {
      const created = await send(`${server.url}/todos`, {
        method: 'POST',
        headers: { ...json, prefer: `seed=${seed}` },
        body: JSON.stringify({ title: `Chore ${seed}` }),
      });
      expect(created.status).toBe(201);
      expect(schemaErrors('Todo', created.body), `seed ${seed}`).toEqual([]);
      const read = await send(`${server.url}/todos/${seed}`, {
        headers: { prefer: `seed=${seed}` },
      });
      expect(read.status).toBe(200);
      expect(schemaErrors('Todo', read.body), `seed ${seed}`).toEqual([]);
    }
  });

  it('does not answer with the named example', async () => {
    const answer = await send(`${server.url}/todos`, { headers: { prefer: 'seed=1' } });
    expect(answer.body).not.toEqual([
      { id: 1, title: 'Water the monstera', done: true },
      { id: 2, title: 'Repot the fern', done: false },
    ]);
  });
});
