import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineProblem } from './support/engine-problem.ts';
import { commandProblem } from './support/command-problem.ts';
import { mustRun, runCommand } from './support/run-command.ts';

// examples/compose-replicas: two replicas, Redis and a round-robin proxy, brought up as written
// with docker-compose on a real engine, and used through the proxy as a test environment would.

const composeFile = fileURLToPath(
  new URL('../../examples/compose-replicas/docker-compose.yml', import.meta.url),
);
const project = `plant-store-mock-replicas-${String(process.pid)}`;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const problem = (await engineProblem()) ?? (await commandProblem('docker-compose', ['version']));

interface Answer {
  status: number;
  upstream: string | null;
  body: unknown;
}

describe.skipIf(problem !== undefined)('examples/compose-replicas, with docker-compose', () => {
  let url = '';
  let env: NodeJS.ProcessEnv = {};
  const compose = (...args: string[]) =>
    mustRun('docker-compose', ['-p', project, '-f', composeFile, ...args], {
      env,
      timeoutMs: 900_000,
    });
  const call = async (path: string, body?: unknown, session = 'default'): Promise<Answer> => {
    const response = await fetch(`${url}${path}`, {
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

  beforeAll(async () => {
    const port = await freePort();
    env = { ...process.env, PLANT_MOCK_HOST_PORT: String(port) };
    url = `http://127.0.0.1:${String(port)}`;
    await compose('up', '-d', '--build');
  }, 1_200_000);

  afterAll(async () => {
    await runCommand('docker-compose', ['-p', project, '-f', composeFile, 'down', '-v'], { env });
  }, 120_000);

  it('becomes healthy: Redis, both replicas, then the proxy', async () => {
    const id = (await compose('ps', '-q', 'proxy')).trim();
    let status = '';
    // Bounded: 90 polls of 1 s; the healthchecks run every 2 s, one after the other.
    for (let poll = 0; poll < 90 && status !== 'healthy'; poll++) {
      status = (
        await mustRun('docker', ['inspect', '-f', '{{.State.Health.Status}}', id], { env })
      ).trim();
      if (status !== 'healthy') await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    expect(status).toBe('healthy');
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
