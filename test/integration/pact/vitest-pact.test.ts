import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { PactResult } from 'plant-store-mock/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlant, startTestServer } from '../../support/mock-fetch.ts';
import { admin } from '../../support/admin-fetch.ts';
import { parseExactJson } from '../../../src/parsing/exact-json.ts';

const run = promisify(execFile);
const projectRoot = fileURLToPath(new URL('../../..', import.meta.url));

// Runs the consumer suite of test/integration/pact/vitest-project (three files in parallel workers).
async function runSuite(pactDir: string): Promise<string> {
  await run(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--config',
      'test/integration/pact/vitest-project/vitest.config.ts',
    ],
    { cwd: projectRoot, env: { ...process.env, PACT_DIR: pactDir }, timeout: 120_000 },
  );
  return readFile(join(pactDir, 'checkout-web-plant-store.json'), 'utf8');
}

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'vitest-pact-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('writePactAfterAll', () => {
  it('merges the pacts of parallel test files into the pact of all their traffic, byte for byte', async () => {
    const first = await runSuite(join(folder, 'first'));
    const second = await runSuite(join(folder, 'second'));
    expect(second).toBe(first);
    expect(first).toContain('"id": 9007199254740993');

    // The same traffic in one session of one mock.
    const server = await startTestServer();
    try {
      for (const body of [
        '{"id":1,"name":"Fern"}',
        '{"id":3,"name":"Aloe"}',
        '{"id":2,"name":"Moss","tag":"green"}',
        '{"id":9007199254740993,"name":"Big"}',
        '{"id":9007199254740993,"name":"Big"}',
        '{"id":4}',
      ]) {
        await createPlant(server, body, { 'x-mock-session': 'checkout' });
      }
      const { text } = await admin(server, '/pact?consumer=checkout-web&provider=plant-store', {
        session: 'checkout',
      });
      const { pact } = parseExactJson(text) as PactResult;
      expect(first).toBe(`${JSON.stringify(pact, null, 2)}\n`);
    } finally {
      await server.close();
    }
  }, 300_000);
});
