import { fileURLToPath } from 'node:url';
import type { RunningMockServer } from 'plant-store-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../src/contract/load-contract.ts';
import { createPlant, send, startTestServer } from '../support/mock-fetch.ts';
import { prismConfig } from '../support/prism-config.ts';

// `--errors` and `--violations-header` against Prism's own server (`--errors`, and the
// `sl-violations` header it always sends), both in-process on a contract whose example breaks it.
const spec = fileURLToPath(new URL('../../fixtures/specs/seed-packets.yaml', import.meta.url));

const paths = ['/packets', '/catalogue?season=spring'];

interface Seen {
  status: number;
  type: string | null;
  violations: unknown;
  body: unknown;
}

async function see(url: string): Promise<Seen> {
  const answer = await send(url);
  const header = answer.headers.get('sl-violations');
  return {
    status: answer.status,
    type: answer.headers.get('content-type'),
    violations: header === null ? null : JSON.parse(header),
    body: answer.body,
  };
}

describe.each([true, false])('--violations-header with --errors %s, against Prism', (errors) => {
  let ours: RunningMockServer;
  let prismUrl: string;
  let closePrism: () => Promise<void>;

  beforeAll(async () => {
    ours = await startTestServer({ spec, mode: 'static', errors, violationsHeader: true });
    const { createServer } = await import('@stoplight/prism-http-server');
    const { createLogger } = await import('@stoplight/prism-core');
    const operations = (await loadContract(spec)).operations.map((o) => o.resource);
    const prism = createServer(operations, {
      components: { logger: createLogger('test', { level: 'silent' }) },
      cors: false,
      config: prismConfig({ validateResponse: true, errors }),
    });
    prismUrl = (await prism.listen(0, '127.0.0.1')).replace(/\/$/, '');
    closePrism = () => prism.close();
  });
  afterAll(async () => {
    await ours.close();
    await closePrism();
  });

  it.each(paths)('GET %s: the same status, media type, sl-violations and body', async (path) => {
    const theirs = await see(`${prismUrl}${path}`);
    const mine = await see(`${ours.url}${path}`);
    // Both paths break the contract or warn: Prism lists something for each.
    expect(theirs.violations).not.toBeNull();
    expect(mine).toEqual(theirs);
  });

  it('warns of a deprecated parameter without refusing the request', async () => {
    const answer = await see(`${ours.url}/catalogue?season=spring`);
    expect(answer.status).toBe(200);
    expect(answer.violations).toEqual([
      expect.objectContaining({ location: ['request', 'query', 'season'], severity: 'Warning' }),
    ]);
  });
});

describe('--errors and --violations-header on the Plant Store', () => {
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startTestServer({ errors: true, violationsHeader: true });
  });
  afterAll(() => server.close());

  it('answers a valid request as usual, with no sl-violations', async () => {
    const answer = await createPlant(server, { id: 1, name: 'Fern' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('sl-violations')).toBeNull();
  });

  it('lists the violations of an invalid request beside its {error, message}', async () => {
    const answer = await createPlant(server, { id: 2 });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 400 });
    expect(JSON.parse(answer.headers.get('sl-violations') ?? '[]')).toEqual([
      expect.objectContaining({
        location: ['request', 'body'],
        severity: 'Error',
        code: 'required',
      }),
    ]);
  });

  it('lets a browser app read sl-violations (CORS exposes it), with or without an Origin', async () => {
    const fromPage = await createPlant(server, { id: 3 }, { origin: 'http://localhost:5173' });
    const fromCurl = await createPlant(server, { id: 4 });
    for (const answer of [fromPage, fromCurl]) {
      expect(answer.headers.get('access-control-expose-headers')).toBe(
        'WWW-Authenticate,Allow,sl-violations',
      );
      expect(answer.headers.get('sl-violations')).not.toBeNull();
    }
  });
});

describe('without the flags', () => {
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startTestServer({ spec, mode: 'static' });
  });
  afterAll(() => server.close());

  it("sends the contract's answer, breaking it or not, with no sl-violations", async () => {
    const answer = await send(`${server.url}/packets`);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('123');
    expect(answer.headers.get('sl-violations')).toBeNull();
    expect(answer.headers.get('access-control-expose-headers')).toBe('WWW-Authenticate,Allow');
  });
});
