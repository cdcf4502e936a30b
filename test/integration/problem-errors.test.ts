import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { RunningMockServer } from 'plant-store-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../src/contract/load-contract.ts';
import { createPlant, send, startTestServer } from '../support/mock-fetch.ts';
import { prismConfig } from '../support/prism-config.ts';

// A contract that declares no error responses: every error the mock sends is its own, and Prism
// (in-process) is the oracle for its RFC 7807 problems, byte for byte.
const spec = fileURLToPath(new URL('../../fixtures/specs/seed-tray.yaml', import.meta.url));

interface Case {
  name: string;
  method: string;
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string;
  /** Prism's `code` and `exampleKey` settings, which the mock reads from `Prefer`. */
  prefer?: { code?: number; exampleKey?: string };
}

const json = { 'content-type': 'application/json' };
const basic = `Basic ${Buffer.from('keeper:secret').toString('base64')}`;

const cases: Case[] = [
  {
    name: 'an invalid body',
    method: 'POST',
    path: '/trays',
    headers: json,
    body: '{"crop":"kale"}',
  },
  { name: 'a missing query parameter', method: 'GET', path: '/trays' },
  {
    name: 'a query parameter of the wrong type',
    method: 'GET',
    path: '/trays',
    query: { limit: 'x' },
  },
  {
    name: 'an unacceptable Accept',
    method: 'GET',
    path: '/labels',
    headers: { accept: 'application/json' },
  },
  { name: 'an undeclared status asked for', method: 'GET', path: '/labels', prefer: { code: 304 } },
  {
    name: 'an unknown example asked for',
    method: 'GET',
    path: '/trays',
    query: { limit: '1' },
    prefer: { exampleKey: 'three' },
  },
  { name: 'no Basic credentials', method: 'GET', path: '/greenhouse-key' },
  {
    name: 'malformed Basic credentials',
    method: 'GET',
    path: '/greenhouse-key',
    headers: { authorization: 'Basic abc123' },
  },
  { name: 'no API key', method: 'GET', path: '/seed-vault' },
  { name: 'neither OAuth2 nor Basic', method: 'GET', path: '/tools' },
  { name: 'an unknown path', method: 'GET', path: '/compost' },
  { name: 'a method the path does not take', method: 'DELETE', path: '/trays' },
  { name: 'a schema too large to sample', method: 'GET', path: '/germination-log' },
];

interface Refusal {
  status: number;
  body: Record<string, unknown>;
}

describe('errors of a contract that declares none, against Prism', () => {
  let server: RunningMockServer;
  let prismRefusal: (c: Case) => Promise<Refusal>;

  beforeAll(async () => {
    server = await startTestServer({ spec, mode: 'static' });
    const { createInstance, ProblemJsonError } = await import('@stoplight/prism-http');
    const { createLogger } = await import('@stoplight/prism-core');
    const prism = createInstance(prismConfig(), {
      logger: createLogger('test', { level: 'silent' }),
    });
    const resources = (await loadContract(spec)).operations.map((o) => o.resource);
    prismRefusal = async ({ method, path, query = {}, headers = {}, body, prefer = {} }) => {
      const result = await prism.request(
        {
          method: method.toLowerCase() as 'get',
          url: { path, query },
          headers,
          body: body === undefined ? undefined : (JSON.parse(body) as unknown),
        },
        resources,
        prismConfig({ mock: { dynamic: false, ...prefer } }),
      )();
      if (result._tag === 'Right') throw new Error(`Prism answered ${method} ${path}`);
      const problem = ProblemJsonError.toProblemJson(result.left) as unknown as Record<
        string,
        unknown
      >;
      return { status: problem.status as number, body: problem };
    };
  });
  afterAll(() => server.close());

  it.each(cases.map((c) => [c.name, c]))(
    '%s: the same status and problem+json body, headers included',
    async (_, c) => {
      const theirs = await prismRefusal(c);
      const search = new URLSearchParams(c.query ?? {}).toString();
      const prefer = [
        c.prefer?.code === undefined ? '' : `code=${c.prefer.code}`,
        c.prefer?.exampleKey === undefined ? '' : `example=${c.prefer.exampleKey}`,
      ]
        .filter((p) => p !== '')
        .join(', ');
      const ours = await send(`${server.url}${c.path}${search === '' ? '' : `?${search}`}`, {
        method: c.method,
        headers: { ...c.headers, ...(prefer === '' ? {} : { prefer }) },
        ...(c.body === undefined ? {} : { body: c.body }),
      });
      expect(ours.status).toBe(theirs.status);
      expect(ours.headers.get('content-type')).toBe('application/problem+json');
      expect(ours.body).toEqual(theirs.body);
      const challenge = (theirs.body.headers as Record<string, string> | undefined)?.[
        'WWW-Authenticate'
      ];
      expect(ours.headers.get('www-authenticate')).toBe(challenge ?? null);
    },
  );

  it('answers 500 for an object example of a text body, as Prism fails to serialise it', async () => {
    const { serialize } = createRequire(import.meta.url)(
      '@stoplight/prism-http-server/dist/serialize.js',
    ) as { serialize: (body: unknown, type?: string) => string | undefined };
    let failure: { name: string; message: string; status: number; detail: string } | undefined;
    try {
      serialize({ basil: 12 }, 'text/plain');
    } catch (error) {
      failure = error as typeof failure;
    }
    const answer = await send(`${server.url}/labels/sheet`);
    expect(answer.status).toBe(failure?.status);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    expect(answer.body).toEqual({
      type: failure?.name,
      title: failure?.message,
      status: failure?.status,
      detail: failure?.detail,
    });
  });

  it('answers a valid request as declared, with no problem', async () => {
    const answer = await send(`${server.url}/trays?limit=2`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([{ cells: 24 }, { cells: 48 }]);
  });

  it('accepts credentials Prism accepts', async () => {
    const answer = await send(`${server.url}/greenhouse-key`, {
      headers: { authorization: basic },
    });
    expect(answer.status).toBe(200);
  });
});

describe("the Plant Store's errors, whose contract has its own Error shape", () => {
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('stay {error, message}: 401, 404, 405 and an invalid request', async () => {
    const unauthorized = await send(`${server.url}/plants`, { method: 'POST' });
    const unknownPath = await send(`${server.url}/compost`);
    const wrongMethod = await send(`${server.url}/plants`, { method: 'DELETE' });
    const invalid = await createPlant(server, { id: 1 });
    for (const [answer, status] of [
      [unauthorized, 401],
      [unknownPath, 404],
      [wrongMethod, 405],
      [invalid, 400],
    ] as const) {
      expect(answer.status).toBe(status);
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(answer.body).toMatchObject({ error: status });
      expect(typeof (answer.body as { message?: unknown }).message).toBe('string');
    }
    expect(unauthorized.headers.get('www-authenticate')).toBe('Bearer realm="plant-store-mock"');
  });
});
