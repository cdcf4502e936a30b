import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineProblem } from './support/engine-problem.ts';
import { commandProblem } from './support/command-problem.ts';
import { composeProject } from './support/compose-project.ts';

// examples/compose-replicas: two replicas, Redis and a round-robin proxy, brought up as written
// with docker-compose on a real engine, and used through the proxy as a test environment would.

const composeFile = fileURLToPath(
  new URL('../../examples/compose-replicas/docker-compose.yml', import.meta.url),
);
const project = `plant-store-mock-replicas-${String(process.pid)}`;

const problem = (await engineProblem()) ?? (await commandProblem('docker-compose', ['version']));

interface Answer {
  status: number;
  upstream: string | null;
  body: unknown;
}

describe.skipIf(problem !== undefined)('examples/compose-replicas, with docker-compose', () => {
  const stack = composeProject(composeFile, project, 900_000);
  const call = async (path: string, body?: unknown, session = 'default'): Promise<Answer> => {
    const response = await fetch(`${stack.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: 'Bearer t',
        'content-type': 'application/json',
        'x-mock-session': session,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return {
      status: response.status,
      upstream: response.headers.get('x-upstream'),
      body: await response.json(),
    };
  };

  beforeAll(() => stack.up(), 1_200_000);

  afterAll(() => stack.down(), 120_000);

  it('becomes healthy: Redis, both replicas, then the proxy', async () => {
    // Bounded: 90 polls of 1 s; the healthchecks run every 2 s, one after the other.
    expect(await stack.healthOf('proxy', 90)).toBe('healthy');
  }, 120_000);

  it('answers through either replica as one mock', async () => {
    const first = await call('/plants', { id: 10, name: 'Monstera' });
    const second = await call('/plants', { id: 10, name: 'Monstera' });
    expect([first.status, second.status]).toEqual([200, 400]);
    expect(first.upstream).not.toBe(second.upstream);
    // id 100 is in the mounted fixtures, on both replicas.
    expect((await call('/plants', { id: 100, name: 'Olive' })).status).toBe(400);
    expect((await call('/plants', { id: 100, name: 'Olive' })).status).toBe(400);
    const stub = await call(
      '/__admin/stubs',
      {
        pattern: { method: 'POST', path: '/plants' },
        response: { status: 200, body: { name: 'Stubbed' } },
        times: 1,
      },
      'e2e',
    );
    expect(stub.status).toBe(201);
    const answers = [
      await call('/plants', { id: 11, name: 'Ivy' }, 'e2e'),
      await call('/plants', { id: 12, name: 'Ivy' }, 'e2e'),
    ];
    expect(answers.map((answer) => answer.body)).toEqual([{ name: 'Stubbed' }, { name: 'Ivy' }]);
    // Twice: once through each replica.
    for (let asked = 0; asked < 2; asked++) {
      const verify = await call(
        '/__admin/verify',
        { pattern: { method: 'POST', path: '/plants' }, times: { exactly: 2 } },
        'e2e',
      );
      expect(verify.body).toEqual({ ok: true, count: 2, dropped: 0 });
    }
  });
});
