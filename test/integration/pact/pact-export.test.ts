import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { RunningMockServer } from 'plant-store-mock';
import { createMockClient, type PactResult, type PactV4 } from 'plant-store-mock/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { admin } from '../../support/admin-fetch.ts';
import { createPlant, send, startTestServer } from '../../support/mock-fetch.ts';

const run = promisify(execFile);
const projectRoot = fileURLToPath(new URL('../../..', import.meta.url));

let server: RunningMockServer;
let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'pact-export-'));
  server = await startTestServer({ recordFile: join(folder, 'recorded.jsonl') });
});
afterEach(async () => {
  await server.close();
  await rm(folder, { recursive: true, force: true });
});

async function exercise(session: string): Promise<void> {
  const headers = { 'x-mock-session': session };
  await createPlant(server, { id: 1, name: 'Fern' }, headers);
  await createPlant(server, { id: 2, name: 'Moss' }, headers);
  await createPlant(server, { id: 3, name: 'Ivy', tag: 'green' }, headers);
  await createPlant(server, { name: 5 }, headers);
  await createPlant(server, { id: 4, name: 'Cut' }, headers, '?__fault=empty').catch(
    () => undefined,
  );
}

describe('GET /__admin/pact', () => {
  it("answers the session's pact and what was left out", async () => {
    await exercise('web');
    const answer = await admin(server, '/pact?consumer=web&provider=plants', { session: 'web' });
    expect(answer.status).toBe(200);
    const { pact, leftOut, entries } = answer.body as PactResult;
    expect(entries).toBe(5);
    expect(pact.consumer.name).toBe('web');
    expect(pact.interactions.map((i) => i.description)).toEqual([
      'createPlant returns 200 (1)',
      'createPlant returns 200 (2)',
    ]);
    expect(leftOut.map(({ kind, count }) => ({ kind, count }))).toEqual([
      { kind: 'rejected', count: 1 },
      { kind: 'fault', count: 1 },
    ]);
  });

  it("names the provider after the contract's title by default, and writes V3 on request", async () => {
    await exercise('default');
    const { pact } = (await admin(server, '/pact?spec=3')).body as PactResult;
    expect(pact.provider.name).toBe('Plant Store');
    expect(pact.metadata.pactSpecification.version).toBe('3.0.0');
  });

  it('writes ids past 2^53 exactly, and leaves out bodies cut at the journal limit', async () => {
    await createPlant(server, '{"id":9007199254740993,"name":"Big"}');
    await createPlant(server, { id: 2, name: 'x'.repeat(20_000) });
    const answer = await admin(server, '/pact');
    expect(answer.text).toContain('"id":9007199254740993');
    const { pact, leftOut } = answer.body as PactResult;
    expect(pact.interactions).toHaveLength(1);
    expect(leftOut).toEqual([
      {
        kind: 'truncated',
        reason: expect.stringMatching(/16 KiB/) as string,
        count: 1,
        ids: ['2'],
      },
    ]);
  });

  it('leaves out a stub that breaks the contract unless asked for it', async () => {
    const stub = await admin(server, '/stubs', {
      body: {
        pattern: { method: 'POST', path: '/plants' },
        response: { status: 418, body: { teapot: true } },
        allowContractViolation: true,
      },
    });
    expect(stub.status).toBe(201);
    await createPlant(server, { id: 1, name: 'Fern' });
    const without = (await admin(server, '/pact')).body as PactResult;
    expect(without.pact.interactions).toEqual([]);
    expect(without.leftOut.map((l) => l.kind)).toEqual(['stub-outside-contract']);
    const withStub = (await admin(server, '/pact?outsideContract=true')).body as PactResult;
    expect(withStub.pact.interactions.map((i) => i.description)).toEqual([
      'createPlant returns 418',
    ]);
  });

  it('says an unknown session gives an empty pact', async () => {
    const { pact, leftOut } = (await admin(server, '/pact', { session: 'nobody' }))
      .body as PactResult;
    expect(pact.interactions).toEqual([]);
    expect(leftOut.map((l) => l.kind)).toEqual(['unknown-session']);
  });

  it('refuses a malformed query with a contract-shaped error', async () => {
    for (const query of ['spec=5', 'consumer=', 'outsideContract=yes', 'provider=a&provider=b']) {
      const answer = await admin(server, `/pact?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body).toEqual({
        error: 400,
        message: expect.stringMatching(/^Failed to build the pact: /) as string,
      });
    }
  });

  it('is what client.pact() returns', async () => {
    await exercise('client');
    const mock = createMockClient({
      url: server.url,
      adminUrl: server.adminUrl,
      session: 'client',
    });
    const result = await mock.pact({ consumer: 'web', provider: 'plants', spec: 4 });
    const direct = await admin(server, '/pact?consumer=web&provider=plants', { session: 'client' });
    expect(result).toEqual(direct.body);
    expect((result.pact as PactV4).interactions).toHaveLength(2);
  });
});

describe('a full journal', () => {
  it('says how many entries of the session it dropped before the pact was built', async () => {
    const small = await startTestServer({ journalLimit: 2 });
    try {
      for (let id = 1; id <= 5; id++) await createPlant(small, { id, name: 'Fern' });
      const { pact, leftOut } = (await admin(small, '/pact')).body as PactResult;
      expect(pact.interactions).toHaveLength(1);
      expect(leftOut).toEqual([
        {
          kind: 'dropped',
          reason: expect.stringMatching(/--journal-limit/) as string,
          count: 3,
          ids: [],
        },
      ]);
    } finally {
      await small.close();
    }
  });
});

describe('plant-store-mock pact', () => {
  it('turns a record file into the same pact as the admin API, and says what it left out', async () => {
    await exercise('default');
    const fromAdmin = (await admin(server, '/pact?consumer=web&provider=plants'))
      .body as PactResult;
    await server.close();
    const out = join(folder, 'pacts', 'web-plants.json');
    const { stderr } = await run(
      process.execPath,
      [
        'src/cli/main.ts',
        'pact',
        '--record-file',
        join(folder, 'recorded.jsonl'),
        '--consumer',
        'web',
        '--provider',
        'plants',
        '--out',
        out,
      ],
      { cwd: projectRoot, timeout: 60_000 },
    );
    expect(JSON.parse(await readFile(out, 'utf8'))).toEqual(fromAdmin.pact);
    expect(stderr).toContain('2 interactions from 5 recorded');
    expect(stderr).toMatch(/left out 1 \(4\): The contract rejected/);
    expect(stderr).toMatch(/left out 1 \(5\): A fault was injected/);
  });

  it("reads a Postman collection's record file, whose operations get new ids at each load", async () => {
    await server.close();
    const spec = 'fixtures/specs/seed-bank-postman.json';
    const file = join(folder, 'postman.jsonl');
    const postman = await startTestServer({ spec, mode: 'static', recordFile: file });
    await send(`${postman.url}/seeds`, { headers: { accept: 'application/json' } });
    await postman.close();
    const { stdout } = await run(
      process.execPath,
      ['src/cli/main.ts', 'pact', '--record-file', file, '--spec', spec, '--stdout'],
      { cwd: projectRoot, timeout: 60_000 },
    );
    expect((JSON.parse(stdout) as PactV4).interactions.map((i) => i.description)).toEqual([
      'GET /seeds returns 200',
    ]);
  });

  it('counts unreadable lines and exits 2 for a missing file', async () => {
    await server.close();
    const file = join(folder, 'bad.jsonl');
    await writeFile(file, '{"cut":\nnot json\n');
    const { stdout, stderr } = await run(
      process.execPath,
      ['src/cli/main.ts', 'pact', '--record-file', file, '--stdout'],
      { cwd: projectRoot, timeout: 60_000 },
    );
    expect((JSON.parse(stdout) as PactV4).interactions).toEqual([]);
    expect(stderr).toMatch(/left out 2 \(line 1, line 2\)/);
    const missing = await run(
      process.execPath,
      ['src/cli/main.ts', 'pact', '--record-file', join(folder, 'none.jsonl')],
      { cwd: projectRoot, timeout: 60_000 },
    ).catch((error: unknown) => error as { code: number; stderr: string });
    expect(missing).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/Failed to read the record file/) as string,
    });
  });
});
