import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import type { RunningMockServer } from 'plant-store-mock';
import { createMockClient, VerificationError, type MockClient } from 'plant-store-mock/client';
import { createContractHandlers } from 'plant-store-mock/msw';
import { writePact } from 'plant-store-mock/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlant as createPlantIn, type NewPlant } from '../../examples/plant-api.ts';
import { auth, json, send, startTestServer } from '../support/mock-fetch.ts';

const baseUrl = 'http://api.test';
const mock = createContractHandlers({ baseUrl });
const network = setupServer(...mock.handlers);
let server: RunningMockServer;
let folder: string;

beforeAll(async () => {
  network.listen({ onUnhandledFrame: 'bypass' });
  // The server beside it, for the answers and the pact the handlers must give alike.
  server = await startTestServer();
  folder = await mkdtemp(join(tmpdir(), 'msw-handlers-'));
});
afterAll(async () => {
  network.close();
  await server.close();
  await rm(folder, { recursive: true, force: true });
});

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  send(`${url}/plants`, {
    method: 'POST',
    headers: { ...auth, ...json, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('contract handlers in setupServer', () => {
  it('answers a valid create with 200, as the example client expects', async () => {
    const result = await createPlantIn(
      baseUrl,
      'test-token',
      { id: 1, name: 'Monstera' },
      {
        headers: { 'x-mock-session': 'create' },
      },
    );
    expect(result).toEqual({ ok: true, plant: { name: 'Monstera' } });
  });

  it('answers an invalid create with the server 400 body and its violations', async () => {
    const headers = { 'x-mock-session': 'invalid' };
    const inApp = await post(baseUrl, { id: 2 }, headers);
    const onServer = await post(server.url, { id: 2 }, headers);
    expect(inApp.status).toBe(400);
    expect(inApp.body).toEqual(onServer.body);
    expect(inApp.headers.get('content-type')).toBe(onServer.headers.get('content-type'));
    const [entry] = await mock.client('invalid').find({ method: 'POST', path: '/plants' });
    expect(entry?.contract.request.violations).toEqual([
      expect.objectContaining({ location: 'body' }),
    ]);
  });

  it('refuses a duplicate id in the stateful store of the session, and only there', async () => {
    const first = await post(baseUrl, { id: 7, name: 'Fern' }, { 'x-mock-session': 'dup' });
    const again = await post(baseUrl, { id: 7, name: 'Fern' }, { 'x-mock-session': 'dup' });
    const elsewhere = await post(baseUrl, { id: 7, name: 'Fern' }, { 'x-mock-session': 'other' });
    const onServer = [
      await post(server.url, { id: 7, name: 'Fern' }, { 'x-mock-session': 'dup' }),
      await post(server.url, { id: 7, name: 'Fern' }, { 'x-mock-session': 'dup' }),
    ];
    expect([first.status, again.status, elsewhere.status]).toEqual([200, 400, 200]);
    expect(again.body).toEqual(onServer[1]?.body);
  });

  it('answers with a stub registered through the client, and forgets it on reset', async () => {
    const client = mock.client('stubbed');
    await client.stub({
      pattern: { method: 'POST', path: '/plants', body: { matches: { name: 'Cactus' } } },
      response: { status: 200, body: { name: 'Cactus', tag: 'stubbed' } },
    });
    expect(await client.stubs()).toHaveLength(1);
    const stubbed = await post(baseUrl, { id: 3, name: 'Cactus' }, client.sessionHeaders);
    expect(stubbed.body).toEqual({ name: 'Cactus', tag: 'stubbed' });
    await client.reset();
    expect(await client.stubs()).toEqual([]);
    expect(await client.count()).toBe(0);
  });

  it('fails a request with a network error for a reset fault, and journals the fault', async () => {
    const client = mock.client('faults');
    await expect(
      post(baseUrl, { id: 4, name: 'Ivy' }, { ...client.sessionHeaders, prefer: 'fault=reset' }),
    ).rejects.toThrow(TypeError);
    const [entry] = await client.find();
    expect(entry?.source).toBe('fault:reset');
  });

  it('answers an unavailable fault with the server 503, so the example app retries', async () => {
    const client = mock.client('unavailable');
    const fault = { 'x-mock-session': 'unavailable', prefer: 'fault=unavailable' };
    const inApp = await post(baseUrl, { id: 11, name: 'Ivy' }, fault);
    const onServer = await post(server.url, { id: 11, name: 'Ivy' }, fault);
    expect(inApp.status).toBe(503);
    expect(inApp.body).toEqual(onServer.body);
    expect(inApp.headers.get('content-type')).toBe(onServer.headers.get('content-type'));
    await client.stub({
      pattern: { method: 'POST', path: '/plants' },
      fault: 'unavailable',
      times: 1,
    });
    const plant = { id: 12, name: 'Calathea' };
    const retried = await createPlantIn(baseUrl, 'test-token', plant, {
      headers: client.sessionHeaders,
    });
    expect(retried).toEqual({ ok: true, plant: { name: 'Calathea' } });
  });

  it('answers a Prefer status and holds a Prefer delay', async () => {
    const headers = { 'x-mock-session': 'controls', prefer: 'code=400' };
    expect((await post(baseUrl, { id: 5, name: 'Moss' }, headers)).status).toBe(400);
    const started = performance.now();
    const delayed = await post(baseUrl, { id: 6, name: 'Moss' }, { prefer: 'delay=150' });
    expect(delayed.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('verifies and counts in the session, and throws a VerificationError on a miss', async () => {
    const client = mock.client('verify');
    await post(baseUrl, { id: 8, name: 'Palm' }, client.sessionHeaders);
    expect(await client.count({ method: 'POST', path: '/plants' })).toBe(1);
    expect(await client.verify({ body: { matches: { name: 'Palm' } } }, { exactly: 1 })).toBe(1);
    await expect(client.verify({ body: { matches: { name: 'Rose' } } })).rejects.toThrow(
      VerificationError,
    );
    expect(await mock.client('nobody').count()).toBe(0);
  });

  it('passes the vitest matchers on its client', async () => {
    await import('plant-store-mock/vitest');
    const client = mock.client('matchers');
    await post(baseUrl, { id: 9, name: 'Monstera' }, client.sessionHeaders);
    await post(baseUrl, { id: 10 }, client.sessionHeaders);
    await expect(client).toHaveReceived(
      { method: 'POST', path: '/plants', body: { matches: { name: 'Monstera' } } },
      { exactly: 1 },
    );
    await expect(client).toHaveCovered('createPlant', [200, 400]);
  });

  it('writes the same pact bytes as the server for the same traffic', async () => {
    const plants = [
      { id: 1, name: 'Fern' },
      { id: 2, name: 'Moss', tag: 'green' },
      { id: 3 },
      { id: 1, name: 'Fern' },
    ] as NewPlant[];
    const inApp = mock.client('pact');
    const onServer: MockClient = createMockClient({ url: server.url, session: 'pact' });
    for (const plant of plants) {
      await createPlantIn(baseUrl, 'test-token', plant, { headers: inApp.sessionHeaders });
      await createPlantIn(server.url, 'test-token', plant, { headers: onServer.sessionHeaders });
    }
    const names = { consumer: 'web', provider: 'plant-store' };
    const app = await writePact(inApp, { ...names, dir: join(folder, 'app') });
    const mockServer = await writePact(onServer, { ...names, dir: join(folder, 'server') });
    const bytes = await readFile(app.path, 'utf8');
    expect(bytes).toContain('"createPlant');
    expect(bytes).toBe(await readFile(mockServer.path, 'utf8'));
  });
});
