import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { RunningMockServer } from 'plant-store-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../src/contract/load-contract.ts';
import { send, startTestServer } from '../support/mock-fetch.ts';
import { prismConfig } from '../support/prism-config.ts';

// A contract that declares what the Plant Store does not (text, XML and vendor JSON bodies,
// `default` and `2XX` responses, response headers, its own 422): Prism is the oracle for it.
const spec = fileURLToPath(new URL('../../fixtures/specs/greenhouse.yaml', import.meta.url));

interface Case {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

const cases: Case[] = [
  { method: 'GET', path: '/ping' },
  { method: 'GET', path: '/ping', headers: { accept: 'text/plain' } },
  { method: 'GET', path: '/sensors' },
  { method: 'GET', path: '/sensors', headers: { accept: 'application/json' } },
  { method: 'GET', path: '/sensors', headers: { accept: 'application/xml' } },
  { method: 'GET', path: '/sensors', headers: { accept: 'application/vnd.api+json' } },
  { method: 'GET', path: '/sensors', headers: { accept: 'text/html;q=0.5, application/xml' } },
  { method: 'GET', path: '/climate' },
  { method: 'GET', path: '/shed', headers: { authorization: 'Basic dXNlcjpwYXNz' } },
  { method: 'GET', path: '/shed', headers: { authorization: 'Basic abc123' } },
  {
    method: 'GET',
    path: '/shed',
    headers: {
      authorization: 'Digest username="u", realm="r", nonce="n", uri="shed", response="x"',
    },
  },
  {
    method: 'POST',
    path: '/vents',
    headers: { 'content-type': 'application/json' },
    body: '{"angle":45}',
  },
  {
    method: 'POST',
    path: '/vents',
    headers: { 'content-type': 'application/json' },
    body: '{"angle":120}',
  },
];

describe("answers for a contract unlike the Plant Store's, against Prism's mock", () => {
  let server: RunningMockServer;
  let prismAnswer: (
    c: Case,
  ) => Promise<{ status: number; type?: string | undefined; text?: string }>;

  beforeAll(async () => {
    server = await startTestServer({ spec, mode: 'static' });
    const { createInstance } = await import('@stoplight/prism-http');
    const { createLogger } = await import('@stoplight/prism-core');
    const { serialize } = createRequire(import.meta.url)(
      '@stoplight/prism-http-server/dist/serialize.js',
    ) as { serialize: (body: unknown, type?: string) => string | undefined };
    const prism = createInstance(prismConfig(), {
      logger: createLogger('test', { level: 'silent' }),
    });
    const resources = (await loadContract(spec)).operations.map((o) => o.resource);
    prismAnswer = async ({ method, path, headers = {}, body }) => {
      const result = await prism.request(
        {
          method: method.toLowerCase() as 'get',
          url: { path },
          headers,
          body: body === undefined ? undefined : (JSON.parse(body) as unknown),
        },
        resources,
        // Prism writes the Accept header into the config it is given: each request gets its own.
        prismConfig(),
      )();
      if (result._tag === 'Left') {
        const status = (result.left as { status?: number }).status ?? 500;
        return { status };
      }
      const output = result.right.output;
      const type = output.headers?.['Content-type'];
      return { status: output.statusCode, type, text: serialize(output.body, type) ?? '' };
    };
  });
  afterAll(() => server.close());

  it.each(cases.map((c) => [`${c.method} ${c.path} ${JSON.stringify(c.headers ?? {})}`, c]))(
    '%s: the same status, media type and body',
    async (_, c) => {
      const theirs = await prismAnswer(c);
      const { method, path, headers = {}, body } = c;
      const ours = await send(`${server.url}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body }),
      });
      expect(ours.status).toBe(theirs.status);
      // Where Prism refuses, its problem+json body is its own: the status is what must agree.
      if (theirs.text === undefined) return;
      expect(ours.headers.get('content-type')).toBe(theirs.type);
      expect(ours.text).toBe(theirs.text);
    },
  );

  it('sends the response headers the contract declares', async () => {
    const answer = await send(`${server.url}/sensors`);
    expect(answer.headers.get('x-total-count')).toBe('2');
  });

  it('answers 406 when the response has no content the Accept header allows', async () => {
    const answer = await send(`${server.url}/sensors`, { headers: { accept: 'image/png' } });
    expect(answer.status).toBe(406);
    // The contract has no `{error, message}` shape of its own: the answer is Prism's problem.
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    expect(answer.body).toMatchObject({
      status: 406,
      detail: 'Unable to find content for image/png',
    });
  });
});
