import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { admin } from '../support/admin-fetch.ts';
import { createPlant, send, startTestServer } from '../support/mock-fetch.ts';
import { spawnCli, type CliProcess } from '../support/spawn-cli.ts';

let folder: string;
let cli: CliProcess | undefined;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'plant-store-mock-security-'));
});
afterEach(async () => {
  cli?.child.kill('SIGKILL');
  cli = undefined;
  await rm(folder, { recursive: true, force: true });
});

it('keeps bearer and admin tokens out of the logs, the journal, the HAR and the record file', async () => {
  const recordFile = join(folder, 'interactions.jsonl');
  cli = await spawnCli([
    '--tokens',
    'mock-token-1234',
    '--admin-token',
    'admin-token-5678',
    '--record-file',
    recordFile,
  ]);
  let stderr = '';
  cli.child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const running = { url: cli.url, adminUrl: `${cli.url}/__admin` };
  await createPlant(running, { id: 1, name: 'Fern' }, { authorization: 'Bearer mock-token-1234' });
  await createPlant(running, { id: 2, name: 'Fern' }, { authorization: 'Bearer admin-token-5678' });
  await createPlant(running, { id: 3, name: 'Fern' }, { authorization: 'Bearer mock-token-1234x' });
  await admin(running, '/requests', { token: 'mock-token-1234' });
  const journal = await admin(running, '/requests', { token: 'admin-token-5678' });
  const har = await admin(running, '/requests.har', { token: 'admin-token-5678' });
  expect(journal.status).toBe(200);
  cli.child.kill('SIGTERM');
  expect(await cli.exited).toBe(0);
  const everything = [
    cli.lines.join('\n'),
    stderr,
    journal.text,
    har.text,
    await readFile(recordFile, 'utf8'),
  ];
  expect(everything[0]).toMatch(/"path":"\/plants"/);
  for (const text of everything) {
    expect(text).not.toContain('mock-token-1234');
    expect(text).not.toContain('admin-token-5678');
  }
});

it('serves nothing from disk, whatever the path', async () => {
  const server = await startTestServer();
  try {
    for (const path of [
      '/../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/openapi.yaml',
      '/package.json',
      '/fixtures/plants.json',
      '/src/index.ts',
      '/.env',
    ]) {
      const answer = await send(`${server.url}${path}`);
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.body).toMatchObject({ error: 404 });
      expect(answer.text).not.toMatch(/root:|openapi:|"dependencies"/);
    }
  } finally {
    await server.close();
  }
});

it("reads no file outside the spec's folder: a $ref to an absolute path or a URL is refused at start", async () => {
  for (const [ref, reason] of [
    ['/etc/passwd', "outside the spec's folder"],
    ['http://127.0.0.1:9/schema.json', 'a URL, and the mock fetches nothing'],
  ]) {
    const spec = join(folder, 'spec.json');
    await writeFile(
      spec,
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 't', version: '1' },
        paths: {
          '/a': {
            get: {
              responses: {
                '200': {
                  description: 'ok',
                  content: { 'application/json': { schema: { $ref: ref } } },
                },
              },
            },
          },
        },
      }),
    );
    await expect(startTestServer({ spec })).rejects.toThrow(`it refers to "${ref}", ${reason}`);
  }
});

// A document with one POST /x whose request and 200 share `schema` (JSON text, written by hand:
// JSON.stringify itself overflows on the deepest one).
function documentWith(schema: string, schemas = '{}'): string {
  const content = `{"application/json":{"schema":${schema}}}`;
  return `{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/x":{"post":{"requestBody":{"content":${content}},"responses":{"200":{"description":"ok","content":${content}}}}}},"components":{"schemas":${schemas}}}`;
}

it('names the real cause when a contract nests too deeply or its $refs loop, not JSON Schema', async () => {
  const nested = (levels: number) =>
    '{"type":"object","properties":{"a":'.repeat(levels) +
    '{"type":"string"}' +
    '}}'.repeat(levels);
  const spec = join(folder, 'spec.json');
  for (const levels of [300, 50_000]) {
    await writeFile(spec, documentWith(nested(levels)));
    const error = await startTestServer({ spec }).catch((e: unknown) => e as Error);
    expect(error).toMatchObject({ code: 'CONFIG_INVALID' });
    expect((error as Error).message).toContain(
      'it nests deeper than 256 levels at #/paths/~1x/post/',
    );
    expect((error as Error).message).not.toContain('JSON Schema');
  }
  await writeFile(
    spec,
    documentWith(
      '{"$ref":"#/components/schemas/A"}',
      '{"A":{"$ref":"#/components/schemas/B"},"B":{"$ref":"#/components/schemas/A"}}',
    ),
  );
  await expect(startTestServer({ spec })).rejects.toThrow(
    'its $ref chain #/components/schemas/A -> #/components/schemas/B -> #/components/schemas/A leads back to itself',
  );
  // Nesting well inside the limit still serves.
  await writeFile(spec, documentWith(nested(60)));
  const server = await startTestServer({ spec });
  await server.close();
});

it('sends X-Content-Type-Options: nosniff on every kind of answer', async () => {
  const server = await startTestServer();
  try {
    const answers = [
      await createPlant(server, { id: 1, name: 'Fern' }),
      await createPlant(server, { id: 'x' }),
      await send(`${server.url}/plants`, { method: 'POST' }),
      await send(`${server.url}/nowhere`),
      await send(`${server.url}/plants`),
      await admin(server, '/health'),
      await admin(server, '/requests'),
      await admin(server, '/nothing'),
    ];
    for (const answer of answers)
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  } finally {
    await server.close();
  }
});
