import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { RunningMockServer } from 'plant-store-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOpenApi, generateSwagger } from '../../bench/generate-contract.ts';
import { projectRoot } from '../support/launch-cli.ts';
import { auth, json, send, startTestServer } from '../support/mock-fetch.ts';

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'startup-test-'));
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

// A test suite's process: starts the mock, sends one create, and says which of the packages that
// only some requests need it has loaded by then.
const suiteProcess = `
import { createRequire } from 'node:module';
const { startMockServer } = await import(process.argv[1]);
const mock = await startMockServer({ port: 0, host: '127.0.0.1', logLevel: 'silent' });
const res = await fetch(mock.url + '/plants', {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
  body: JSON.stringify({ id: 1, name: 'Fern' }),
});
const loaded = Object.keys(createRequire(import.meta.url).cache);
const has = (name) => loaded.some((path) => path.includes('/node_modules/' + name + '/'));
console.log(JSON.stringify({ status: res.status, express: has('express'), faker: has('json-schema-faker') }));
await mock.close();
`;

describe('start-up', () => {
  it('answers the first mock request without loading the admin API or the faker', async () => {
    const entry = pathToFileURL(join(projectRoot, 'src/index.ts')).href;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '-e', suiteProcess, entry],
      { cwd: projectRoot, timeout: 60_000 },
    );
    expect(JSON.parse(stdout)).toEqual({ status: 200, express: false, faker: false });
  });
});

describe('a generated contract of 120 operations', () => {
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startTestServer({ spec: generateOpenApi(projectRoot, workDir, 120) });
  });
  afterAll(() => server.close());

  it('checks and answers every operation, each compiled on its first request', async () => {
    const headers = { ...json, ...auth };
    const statuses: string[] = [];
    // POST /plants, then a create and a read per resource: 59 of each, and one more create.
    for (let k = 0; k < 59; k += 1) {
      const valid = JSON.stringify({ id: k, name: `r${k}` });
      const create = await send(`${server.url}/r${k}`, { method: 'POST', headers, body: valid });
      const invalid = await send(`${server.url}/r${k}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ id: 'x' }),
      });
      // Stateful: the item just created reads back.
      const read = await send(`${server.url}/r${k}/${String(k)}`, { headers: auth });
      statuses.push(`${create.status} ${invalid.status} ${read.status}`);
    }
    expect(new Set(statuses)).toEqual(new Set(['201 400 200']));
  }, 60_000);
});

describe('a generated Swagger 2.0 contract of 60 paths', () => {
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startTestServer({ spec: generateSwagger(workDir, 60) });
  });
  afterAll(() => server.close());

  it('checks and answers every operation, each converted on its first request', async () => {
    const statuses: string[] = [];
    for (let k = 0; k < 59; k += 1) {
      const read = await send(`${server.url}/r${k}/${String(k)}`, { headers: auth });
      const invalid = await send(`${server.url}/r${k}/x`, { headers: auth });
      statuses.push(`${read.status} ${invalid.status}`);
    }
    expect(new Set(statuses)).toEqual(new Set(['200 400']));
  }, 60_000);
});
