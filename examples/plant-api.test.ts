import { startMockServer, type RunningMockServer } from 'plant-store-mock';
import { createMockClient, type MockClient } from 'plant-store-mock/client';
import 'plant-store-mock/vitest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPlant, type NewPlant } from './plant-api.ts';

let server: RunningMockServer;
let mock: MockClient;

beforeAll(async () => {
  server = await startMockServer({ port: 0, logLevel: 'silent' });
  // One session per test file: its requests, coverage and store are its own.
  mock = createMockClient({ url: server.url, session: 'plant-api' });
});
afterAll(() => server.close());

const send = (plant: NewPlant) =>
  createPlant(mock.url, 'test-token', plant, { headers: mock.sessionHeaders });

it('creates a plant', async () => {
  const result = await send({ id: 1, name: 'Monstera' });
  expect(result).toEqual({ ok: true, plant: { name: 'Monstera' } });
});

it('returns the API error when the name is missing', async () => {
  const result = await send({ id: 2 } as NewPlant);
  expect(result).toMatchObject({ ok: false, error: { error: 400 } });
});

it('sent one Monstera and met both responses of the contract', async () => {
  await expect(mock).toHaveReceived(
    { method: 'POST', path: '/plants', body: { matches: { name: 'Monstera' } } },
    { exactly: 1 },
  );
  await expect(mock).toHaveCovered('createPlant', [200, 400]);
});
