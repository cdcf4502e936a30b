import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent, request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auth, createPlant, json, send } from '../support/mock-fetch.ts';
import { refusedConnection } from '../support/refused-connection.ts';
import {
  type LaunchedCli,
  killLeftoverClis,
  launchCli,
  parseLogLine,
  projectRoot,
  runCli,
  startCli,
} from '../support/launch-cli.ts';

const packageJson = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
  version: string;
};

// Every server the tests start listens on a free loopback port.
const listen = ['--port', '0', '--host', '127.0.0.1'];

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'plant-store-cli-'));
  await writeFile(join(workDir, 'not-openapi.yaml'), 'foo: bar\n');
  await writeFile(join(workDir, 'broken.yaml'), 'openapi: 3.1.0\ninfo: [unclosed\n  - x: :\n');
  await writeFile(join(workDir, 'object.json'), '{"id": 1, "name": "Fern"}\n');
  await writeFile(join(workDir, 'wrong-name.json'), '[{"id": 1, "name": 5}]\n');
  const withBody = (schema: object, extra: object = {}) =>
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Bad', version: '1' },
      ...extra,
      paths: {
        '/things': {
          post: {
            operationId: 'createThing',
            requestBody: { required: true, content: { 'application/json': { schema } } },
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    });
  await writeFile(
    join(workDir, 'bad-pattern.json'),
    withBody({ type: 'object', properties: { name: { type: 'string', pattern: '^(a+$' } } }),
  );
  await writeFile(
    join(workDir, 'remote-dialect.json'),
    withBody({ type: 'object' }, { jsonSchemaDialect: 'https://example.com/dialect' }),
  );
  await writeFile(
    join(workDir, 'duplicate-id.json'),
    withBody({
      type: 'object',
      properties: {
        a: { $id: 'https://example.com/x', type: 'string' },
        b: { $id: 'https://example.com/x', type: 'integer' },
      },
    }),
  );
});
afterAll(() => rm(workDir, { recursive: true, force: true }));
afterEach(killLeftoverClis);

/** Asks for a clean stop with a signal and waits for the process to exit. */
async function stop(cli: LaunchedCli, signal: NodeJS.Signals = 'SIGTERM') {
  cli.child.kill(signal);
  return cli.exited;
}

it('lists every flag on --help and exits 0', async () => {
  const { code, stdout, stderr } = await runCli(['--help']);
  expect(code).toBe(0);
  expect(stderr).toBe('');
  const flags = ['spec', 'port', 'host', 'mode', 'seed', 'fixtures', 'tokens', 'max-body']
    .concat(['cors', 'request-timeout', 'log-level', 'log-format'])
    .map((name) => `--${name}`);
  for (const flag of flags) expect(stdout).toMatch(new RegExp(`(^|\\s)${flag}\\s`, 'm'));
});

it("prints package.json's version on --version and exits 0", async () => {
  const { code, stdout } = await runCli(['--version']);
  expect(code).toBe(0);
  expect(stdout.trim()).toBe(packageJson.version);
});

const badSettings: [string, () => string[], RegExp][] = [
  ['an unknown mode', () => [...listen, '--mode', 'bogus'], /--mode\b.*"bogus"/],
  [
    'a port out of range',
    () => ['--port', '70000', '--host', '127.0.0.1'],
    /--port\b.*65535.*70000/,
  ],
  ['a port that is not a number', () => ['--port', 'abc', '--host', '127.0.0.1'], /--port\b.*abc/],
  [
    'a spec file that does not exist',
    () => [...listen, '--spec', join(workDir, 'missing.yaml')],
    /spec .*missing\.yaml.*(ENOENT|no such file)/,
  ],
  [
    'a spec that is not OpenAPI',
    () => [...listen, '--spec', join(workDir, 'not-openapi.yaml')],
    /not-openapi\.yaml.*not an OpenAPI 3\.x document/,
  ],
  [
    'a spec that is not valid YAML',
    () => [...listen, '--spec', join(workDir, 'broken.yaml')],
    /Failed to parse the spec .*broken\.yaml/,
  ],
  [
    'a fixtures file that does not exist',
    () => [...listen, '--fixtures', join(workDir, 'missing.json')],
    /fixtures .*missing\.json.*(ENOENT|no such file)/,
  ],
  [
    'fixtures that are not a JSON array',
    () => [...listen, '--fixtures', join(workDir, 'object.json')],
    /fixtures .*object\.json.*JSON array/,
  ],
  [
    'a fixture that is not a NewPlant',
    () => [...listen, '--fixtures', join(workDir, 'wrong-name.json')],
    /wrong-name\.json.*entry 0\b.*name.*must be string/,
  ],
  [
    'a spec whose pattern is not a regular expression',
    () => [...listen, '--spec', join(workDir, 'bad-pattern.json')],
    /Failed to load the (spec|contract) .*bad-pattern\.json: .*regular expression.*Make sure/,
  ],
  [
    'a spec whose jsonSchemaDialect is a remote meta-schema',
    () => [...listen, '--spec', join(workDir, 'remote-dialect.json')],
    /Failed to load the contract .*remote-dialect\.json: .*example\.com\/dialect.*Make sure/,
  ],
  [
    'a spec that uses one $id twice',
    () => [...listen, '--spec', join(workDir, 'duplicate-id.json')],
    /Failed to load the contract .*duplicate-id\.json: .*more than one schema.*Make sure/,
  ],
  [
    'an admin token with a space',
    () => [...listen, '--admin-token', 'a b'],
    /adminToken \(--admin-token\): a token has a space at position 2.*Bearer/,
  ],
  [
    'a mock token with a non-ASCII character',
    () => [...listen, '--tokens', 'good,bäd'],
    /tokens \(--tokens\): a token has the character U\+00E4/,
  ],
  [
    'an allowed host that is not a host name',
    () => [...listen, '--allowed-hosts', 'localhost,http://x.example/'],
    /allowedHosts \(--allowed-hosts\)/,
  ],
  ['an unknown flag', () => [...listen, '--colour', 'green'], /Unknown argument.*colour/],
];
it.each(badSettings)(
  'exits 2 with one stderr line naming the problem for %s',
  async (_, args, pattern) => {
    const { code, stdout, stderr } = await runCli(args());
    expect(stdout).toBe('');
    const lines = stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^plant-store-mock: /);
    expect(lines[0]).toMatch(pattern);
    expect(code).toBe(2);
  },
);

describe('with a busy port', () => {
  let busy: Server;
  let busyPort: number;
  beforeAll(async () => {
    busy = createServer();
    busy.listen(0, '127.0.0.1');
    await once(busy, 'listening');
    busyPort = (busy.address() as AddressInfo).port;
  });
  afterAll(async () => {
    busy.close();
    await once(busy, 'close');
  });

  it.each([
    ['--port', () => ['--port', String(busyPort), '--host', '127.0.0.1']],
    ['--admin-port', () => [...listen, '--admin-port', String(busyPort)]],
  ])('exits 2 with one stderr line naming %s and its port', async (flag, args) => {
    const { code, stdout, stderr } = await runCli(args());
    const lines = stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^plant-store-mock: /);
    expect(lines[0]).toContain(`127.0.0.1:${busyPort} (${flag})`);
    expect(lines[0]).toContain('EADDRINUSE');
    expect(code).toBe(2);
    expect(stdout).toBe('');
  });
});

it('logs a JSON start-up line that carries the URL it listens on', async () => {
  const { cli, url, startup } = await startCli(listen);
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(new URL(url).port).not.toBe('0');
  expect(startup).toMatchObject({ level: 30, mode: 'stateful' });
  expect(startup.msg).toContain(url);
  expect((await send(`${url}/__admin/health`)).status).toBe(200);
  expect(await stop(cli)).toEqual({ code: 0, signal: null });
});

it('takes the mode from PLANT_MOCK_MODE', async () => {
  const { url } = await startCli(listen, { PLANT_MOCK_MODE: 'dynamic' });
  expect((await send(`${url}/__admin/health`)).body).toMatchObject({ mode: 'dynamic' });
});

it('takes the port from PLANT_MOCK_PORT', async () => {
  const { url } = await startCli(['--host', '127.0.0.1'], { PLANT_MOCK_PORT: '0' });
  expect(Number(new URL(url).port)).toBeGreaterThan(0);
  expect(new URL(url).port).not.toBe('4010');
});

it('lets a flag win over its env var', async () => {
  const { url } = await startCli([...listen, '--mode', 'static'], {
    PLANT_MOCK_MODE: 'dynamic',
    PLANT_MOCK_PORT: '70000',
  });
  expect((await send(`${url}/__admin/health`)).body).toMatchObject({ mode: 'static' });
});

it('accepts only the --tokens given, refusing others with 401', async () => {
  const { url } = await startCli([...listen, '--tokens', 'a,b']);
  const server = { url };
  const plant = (id: number) => ({ id, name: 'Fern' });
  expect((await createPlant(server, plant(1), { authorization: 'Bearer a' })).status).toBe(200);
  expect((await createPlant(server, plant(2), { authorization: 'Bearer b' })).status).toBe(200);
  const refused = await createPlant(server, plant(3), { authorization: 'Bearer c' });
  expect(refused.status).toBe(401);
  expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer\b.*invalid_token/);
  expect(refused.body).toMatchObject({ error: 401 });
});

it('logs one JSON line per request with method, path, status, durationMs and mode', async () => {
  const { cli, url } = await startCli([...listen, '--mode', 'static']);
  expect((await createPlant({ url }, { id: 1, name: 'Fern' })).status).toBe(200);
  expect((await send(`${url}/trees`)).status).toBe(404);
  await cli.waitForLine((line) => parseLogLine(line)?.path === '/trees', 'the /trees request line');
  expect(await stop(cli)).toEqual({ code: 0, signal: null });
  const requests = cli.lines
    .map(parseLogLine)
    .filter((record) => record !== undefined && record.msg === 'request');
  expect(requests).toEqual([
    expect.objectContaining({ method: 'POST', path: '/plants', status: 200, mode: 'static' }),
    expect.objectContaining({ method: 'GET', path: '/trees', status: 404, mode: 'static' }),
  ]);
  for (const record of requests) {
    expect(record?.durationMs).toEqual(expect.any(Number));
    expect(record?.durationMs).toBeGreaterThanOrEqual(0);
  }
});

it('prints human-readable lines, not JSON, with --log-format pretty', async () => {
  const cli = launchCli([...listen, '--log-format', 'pretty']);
  const startup = await cli.waitForLine((line) => line.includes('listening on'), 'start-up');
  const url = /listening on (http:\/\/\S+)/.exec(startup)?.[1] ?? '';
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect((await createPlant({ url }, { id: 1, name: 'Fern' })).status).toBe(200);
  await cli.waitForLine((line) => /\brequest\b/.test(line), 'the request line');
  expect(await stop(cli)).toEqual({ code: 0, signal: null });
  expect(cli.lines.length).toBeGreaterThan(0);
  expect(cli.lines.filter((line) => parseLogLine(line) !== undefined)).toEqual([]);
});

it.each([
  ['--no-cors', ['--no-cors'], {}],
  ['PLANT_MOCK_CORS=false', [], { PLANT_MOCK_CORS: 'false' }],
])('sends no Access-Control-Allow-Origin with %s', async (_, flags, env) => {
  const { url } = await startCli([...listen, ...flags], env);
  const answer = await createPlant({ url }, { id: 1, name: 'Fern' }, { origin: 'http://a.test' });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('access-control-allow-origin')).toBeNull();
});

it('echoes the origin when CORS is left on', async () => {
  const { url } = await startCli(listen);
  const answer = await createPlant({ url }, { id: 1, name: 'Fern' }, { origin: 'http://a.test' });
  expect(answer.headers.get('access-control-allow-origin')).toBe('http://a.test');
});

interface SlowAnswer {
  status: number | undefined;
  headers: IncomingHttpHeaders;
  text: string;
}

/**
 * Starts a POST /plants whose body arrives in two halves: it resolves once the server has the
 * request's headers (Expect: 100-continue makes it say so) and the first half; `finish` sends the
 * rest and resolves with the answer.
 */
async function startSlowCreate(url: string, agent: Agent | false) {
  const body = JSON.stringify({ id: 7, name: 'Monstera', tag: 'tropical' });
  const half = Math.floor(body.length / 2);
  const upload = request(`${url}/plants`, {
    method: 'POST',
    agent,
    headers: { ...auth, ...json, 'content-length': body.length, expect: '100-continue' },
  });
  const answer = new Promise<SlowAnswer>((resolve, reject) => {
    upload.once('error', reject);
    upload.once('response', (res: IncomingMessage) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
      });
      res.once('end', () => {
        resolve({ status: res.statusCode, headers: res.headers, text });
      });
    });
  });
  // Should the test fail before it awaits the answer, the killed server must not also surface as
  // an unhandled rejection.
  answer.catch(() => undefined);
  upload.flushHeaders();
  await once(upload, 'continue');
  upload.write(body.slice(0, half));
  return {
    finish(): Promise<SlowAnswer> {
      upload.end(body.slice(half));
      return answer;
    },
  };
}

it.each(['SIGTERM', 'SIGINT'] as const)(
  'on %s, finishes the request in flight, refuses new connections and exits 0',
  async (signal) => {
    const { cli, url } = await startCli(listen);
    const inFlight = await startSlowCreate(url, false);

    cli.child.kill(signal);
    expect(await refusedConnection(Number(new URL(url).port))).toBe('ECONNREFUSED');
    const answer = await inFlight.finish();

    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ name: 'Monstera', tag: 'tropical' });
    expect(await cli.exited).toEqual({ code: 0, signal: null });
    expect(cli.lines.map(parseLogLine).map((record) => record?.msg)).toContain(
      'plant-store-mock stopped',
    );
    await expect(send(`${url}/__admin/health`)).rejects.toThrow();
  },
);

// Keep-alive is what Node's own agent and fetch use: unless the answer says Connection: close, the
// client keeps the connection open and the process waits on it for the keep-alive timeout.
it('on SIGTERM, closes a keep-alive connection once its request in flight is answered', async () => {
  const { cli, url } = await startCli(listen);
  const agent = new Agent({ keepAlive: true });
  try {
    const inFlight = await startSlowCreate(url, agent);
    cli.child.kill('SIGTERM');
    await refusedConnection(Number(new URL(url).port));
    const answer = await inFlight.finish();
    expect(answer.status).toBe(200);
    expect(answer.headers.connection).toBe('close');
  } finally {
    agent.destroy();
  }
  expect(await cli.exited).toEqual({ code: 0, signal: null });
});
