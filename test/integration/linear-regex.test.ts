import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/launch-cli.ts';
import { spawnCli, type CliProcess } from '../support/spawn-cli.ts';

// A backtracking engine takes 2^n steps on these against n a's and a '!': at n = 40, hours.
// The mock runs in a child process so that the old code's freeze fails the hang guard below
// instead of freezing the test runner.
const catastrophic = ['(a+)+', '(a|a)+', '(a|aa)+', '(a*)*', '(?:a+){2,}'];
const attack = 'a'.repeat(40) + '!';
// The hang guard: each answer must come within 5 s, where the old code took seconds to years.
const guard = () => ({ signal: AbortSignal.timeout(5_000) });

const spec = `
openapi: 3.0.3
info: { title: regex, version: '1' }
paths:
  /items:
    post:
      operationId: createItem
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              properties:
                name: { type: string, pattern: '^(a+)+$' }
                tags: { type: object, patternProperties: { '^(x+)+$': { type: string } } }
      responses:
        '200':
          description: created
          content:
            application/json:
              schema: { type: object }
              example: { ok: true }
  /items/{id}:
    get:
      operationId: getItem
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
        - { name: q, in: query, schema: { type: string, pattern: '^(a|aa)+$' } }
      responses:
        '200':
          description: found
          content:
            application/json:
              schema: { type: object }
              example: { ok: true }
`;

let folder: string;
let cli: CliProcess;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'plant-store-mock-regex-'));
  await writeFile(join(folder, 'spec.yaml'), spec);
  // Static: the answers are the examples (in stateful mode /items is a resource, and an item never
  // created is a 404).
  cli = await spawnCli(['--spec', join(folder, 'spec.yaml'), '--mode', 'static']);
});
afterAll(async () => {
  cli.child.kill('SIGKILL');
  await rm(folder, { recursive: true, force: true });
});

async function call(path: string, init: RequestInit & { session?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.session !== undefined) headers['x-mock-session'] = init.session;
  const response = await fetch(`${cli.url}${path}`, { ...guard(), ...init, headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const post = (path: string, body: unknown, session?: string) =>
  call(path, { method: 'POST', body: JSON.stringify(body), ...(session ? { session } : {}) });

describe('patterns users supply run in linear time', () => {
  beforeAll(async () => {
    await call(`/items/${attack}`, { session: 'regex' });
  });

  it.each(catastrophic)('find, count and verify answer at once with pathPattern /%s', async (p) => {
    const pattern = { pathPattern: `/items/${p}` };
    const found = await post('/__admin/requests/find', pattern, 'regex');
    expect(found.status).toBe(200);
    expect(found.body.requests).toEqual([]);
    expect((await post('/__admin/requests/count', pattern, 'regex')).body).toEqual({ count: 0 });
    const verify = await post('/__admin/verify', { pattern, times: { exactly: 0 } }, 'regex');
    expect(verify.body).toMatchObject({ ok: true });
    const sequence = await post('/__admin/verify/sequence', { patterns: [pattern] }, 'regex');
    expect(sequence.status).toBe(422);
  });

  it('matches stubs with a nested-quantifier pattern at once, and other sessions go on', async () => {
    const stub = await post(
      '/__admin/stubs',
      { pattern: { pathPattern: '/items|(/?a+)+!' }, response: { status: 200, body: {} } },
      'stubbed',
    );
    expect(stub.status).toBe(201);
    const [stubbed, other] = await Promise.all([
      call(`/${'a'.repeat(40)}`, { session: 'stubbed' }),
      call('/items/1', { session: 'other' }),
    ]);
    expect(stubbed.status).toBe(404);
    expect(other.status).toBe(200);
  });

  it("checks the contract's pattern on a body (fast path) at once", async () => {
    const answer = await post('/items', { name: attack, tags: { ['x'.repeat(40) + '!']: 1 } });
    // The contract declares no error response nor an `{error, message}` shape: Prism's 422 problem.
    expect(answer.status).toBe(422);
    expect(JSON.stringify(answer.body)).toMatch(/must match pattern/);
    expect((await post('/items', { name: 'aaa', tags: { xx: 'y' } })).status).toBe(200);
  });

  it("checks the contract's pattern on a query parameter (Prism's validator) at once", async () => {
    const answer = await call(`/items/1?q=${attack}`);
    expect(answer.status).toBe(422);
    expect(JSON.stringify(answer.body)).toMatch(/must match pattern/);
    expect((await call('/items/1?q=aaa')).status).toBe(200);
  });
});

describe('patterns the linear-time engine cannot run', () => {
  it.each([
    ['(?=a)a', /lookahead/],
    ['(a)\\1', /backreference/],
    ['(?<x>a)\\k<x>', /backreference/],
    ['a{1001}', /1000/],
  ])('refuses pathPattern %s with 400 naming why', async (pathPattern, reason) => {
    for (const [path, body] of [
      ['/__admin/requests/find', { pathPattern }],
      ['/__admin/verify', { pattern: { pathPattern } }],
      ['/__admin/stubs', { pattern: { pathPattern }, response: { status: 200, body: {} } }],
    ] as const) {
      const answer = await post(path, body);
      expect(answer.status, path).toBe(400);
      expect(answer.body.error).toBe(400);
      expect(answer.body.message).toMatch(reason);
      expect(answer.body.message).toMatch(/linear-time/);
    }
  });

  it('refuses a contract pattern with a lookahead at start-up: one line, exit code 2', async () => {
    const path = join(folder, 'lookahead.yaml');
    await writeFile(
      path,
      spec.replace("'^(a+)+$'", () => "'^(?=.*[A-Z]).{8,}$'"),
    );
    const run = await runCli(['--spec', path, '--port', '0']);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/\(\?=\.\*\[A-Z\]\)\.\{8,\}\$".*createItem request body.*lookahead/);
  });
});
