import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPlant } from '../support/mock-fetch.ts';
import { plantStore, startProvider, type RunningProvider } from '../support/plant-provider.ts';
import { spawnCli } from '../support/spawn-cli.ts';

// An https provider whose certificate a test CA signed: trusted through NODE_EXTRA_CA_CERTS.

const run = promisify(execFile);
let folder: string;
let provider: RunningProvider;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'plant-store-mock-tls-'));
  const at = (name: string) => join(folder, name);
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=plant-store-mock test CA',
    '-keyout',
    at('ca.key'),
    '-out',
    at('ca.pem'),
  ]);
  await run('openssl', [
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=127.0.0.1',
    '-keyout',
    at('server.key'),
    '-out',
    at('server.csr'),
  ]);
  await writeFile(at('san.ext'), 'subjectAltName=IP:127.0.0.1\n');
  await run('openssl', [
    'x509',
    '-req',
    '-in',
    at('server.csr'),
    '-CA',
    at('ca.pem'),
    '-CAkey',
    at('ca.key'),
    '-CAcreateserial',
    '-days',
    '1',
    '-extfile',
    at('san.ext'),
    '-out',
    at('server.pem'),
  ]);
  provider = await startProvider(plantStore, {
    key: await readFile(at('server.key')),
    cert: await readFile(at('server.pem')),
  });
});
afterAll(async () => {
  await provider.close();
  await rm(folder, { recursive: true, force: true });
});

it('forwards to an https provider whose CA NODE_EXTRA_CA_CERTS trusts', async () => {
  expect(provider.url).toMatch(/^https:/);
  const cli = await spawnCli(['--upstream', provider.url], {
    NODE_EXTRA_CA_CERTS: join(folder, 'ca.pem'),
  });
  try {
    const answer = await createPlant(cli, { id: 1, name: 'Fern' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-provider')).toBe('plant-store');
    expect(provider.requests).toHaveLength(1);
  } finally {
    cli.child.kill('SIGKILL');
  }
});

it('answers 502 naming the TLS failure when nothing trusts the CA', async () => {
  const cli = await spawnCli(['--upstream', provider.url]);
  try {
    const answer = await createPlant(cli, { id: 1, name: 'Fern' });
    expect(answer.status).toBe(502);
    expect(answer.text).toContain(`Failed to reach the upstream ${provider.url} over TLS`);
  } finally {
    cli.child.kill('SIGKILL');
  }
});
