import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningMockServer } from 'plant-store-mock';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../src/contract/load-contract.ts';
import { admin } from '../support/admin-fetch.ts';
import { startTestServer } from '../support/mock-fetch.ts';
import { prismConfig } from '../support/prism-config.ts';
import { answerJson, startProvider, type RunningProvider } from '../support/plant-provider.ts';

// --upstream against `prism proxy` (Prism's own server in-process, proxying to the same provider
// process): where Prism's proxy cases and the mock's proxy meet, they answer alike.

const longNames = Array.from(
  { length: 30 },
  (_, index) =>
    `a_property_whose_name_is_long_enough_to_fill_the_header_${'x'.repeat(200)}${index}`,
);
const contract = `openapi: 3.1.0
info: { title: Proxy cases, version: '1' }
paths:
  /status/204:
    get:
      responses:
        '204': { description: No Content }
  /search:
    get:
      requestBody:
        content:
          application/json: { schema: { type: object } }
      responses:
        '200':
          description: OK
          content:
            application/json: { schema: { type: object } }
  /wide:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { type: object, required: [${longNames.join(', ')}] }
`;

// A GET of a contract whose errors are {error, message}.
const errorMessageContract = `openapi: 3.1.0
info: { title: Sensors, version: '1' }
paths:
  /sensors:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json: { schema: { type: array } }
        default:
          description: Error
          content:
            application/json:
              schema:
                type: object
                required: [error, message]
                properties: { error: { type: integer }, message: { type: string } }
`;

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'plant-store-mock-proxy-cases-'));
  await writeFile(join(folder, 'proxy-cases.yaml'), contract);
  await writeFile(join(folder, 'sensors.yaml'), errorMessageContract);
});
afterAll(() => rm(folder, { recursive: true, force: true }));

interface Seen {
  status: number;
  violations: string | undefined;
  body: string;
}

async function get(url: string, body?: string): Promise<Seen> {
  const answer = await request(url, {
    method: 'GET',
    ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
  });
  const violations = answer.headers['sl-violations'];
  return {
    status: answer.statusCode,
    violations: typeof violations === 'string' ? violations : undefined,
    body: await answer.body.text(),
  };
}

describe('--upstream beside prism proxy, on the same provider', () => {
  let provider: RunningProvider;
  let ours: RunningMockServer;
  let prismUrl: string;
  let closePrism: () => Promise<void>;

  beforeAll(async () => {
    const spec = join(folder, 'proxy-cases.yaml');
    provider = await startProvider(({ url, body }, res) => {
      if (url === '/status/204') res.writeHead(204).end();
      else if (url === '/search') answerJson(res, 200, body);
      else answerJson(res, 200, '{}');
    });
    ours = await startTestServer({ spec, upstream: provider.url, violationsHeader: true });
    const { createServer } = await import('@stoplight/prism-http-server');
    const { createLogger } = await import('@stoplight/prism-core');
    const operations = (await loadContract(spec)).operations.map((o) => o.resource);
    const prism = createServer(operations, {
      components: { logger: createLogger('test', { level: 'silent' }) },
      cors: false,
      config: {
        ...prismConfig({ validateResponse: true }),
        isProxy: true,
        upstream: new URL(provider.url),
      },
    });
    prismUrl = (await prism.listen(0, '127.0.0.1')).replace(/\/$/, '');
    closePrism = () => prism.close();
  });
  afterAll(async () => {
    await ours.close();
    await closePrism();
    await provider.close();
  });

  it('refuses a GET with a body its operation does not declare with the same 501, never calling the provider', async () => {
    const before = provider.requests.length;
    const theirs = await get(`${prismUrl}/status/204`, '{}');
    const mine = await get(`${ours.url}/status/204`, '{}');
    expect(theirs.status).toBe(501);
    expect(mine.status).toBe(501);
    expect(JSON.parse(mine.body)).toEqual(JSON.parse(theirs.body));
    expect(provider.requests.length).toBe(before);
  });

  it('forwards a GET whose operation declares its body (Prism refuses it too)', async () => {
    const mine = await get(`${ours.url}/search`, '{"q":"fern"}');
    expect(mine.status).toBe(200);
    expect(mine.body).toBe('{"q":"fern"}');
    expect(provider.requests.at(-1)?.body).toBe('{"q":"fern"}');
    expect((await get(`${prismUrl}/search`, '{"q":"fern"}')).status).toBe(501);
  });

  it('cuts an sl-violations list past 8 KiB as Prism does, and journals it whole', async () => {
    const theirs = await get(`${prismUrl}/wide`);
    const mine = await get(`${ours.url}/wide`);
    expect(mine.body).toBe('{}');
    expect(mine.violations).toMatch(/^Too many violations! \[/);
    expect(mine.violations).toBe(theirs.violations);
    const { body } = await admin(ours, '/requests?limit=1');
    const [entry] = (body as { requests: { contract: { response: { violations: [] } } }[] })
      .requests;
    expect(entry?.contract.response.violations).toHaveLength(30);
  });
});

describe('--upstream with an {error, message} contract', () => {
  it('refuses a GET with an undeclared body with 501 in that shape, saying what to do', async () => {
    const provider = await startProvider((_, res) => {
      answerJson(res, 200, '[]');
    });
    const mock = await startTestServer({
      spec: join(folder, 'sensors.yaml'),
      upstream: provider.url,
    });
    try {
      const answer = await get(`${mock.url}/sensors`, '{}');
      expect(answer.status).toBe(501);
      const body = JSON.parse(answer.body) as { error: number; message: string };
      expect(body.error).toBe(501);
      expect(body.message).toMatch(/contract declares none .* Make sure to send it without a body/);
      expect(provider.requests).toHaveLength(0);
    } finally {
      await mock.close();
      await provider.close();
    }
  });
});
