// Run by vitest in a fresh project against the installed package: the matchers pass and fail as
// the journal says.
import { startMockServer, type RunningMockServer } from 'plant-store-mock';
import { createMockClient, type MockClient } from 'plant-store-mock/client';
import { writePactAfterAll } from 'plant-store-mock/vitest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPlants } from './create-plants.ts';

let server: RunningMockServer;
let mock: MockClient;

beforeAll(async () => {
  server = await startMockServer({ port: 0, logLevel: 'silent' });
  mock = createMockClient({ url: server.url, session: 'installed' });
});
afterAll(() => server.close());
// Runs before the close above (vitest runs after-hooks last first).
writePactAfterAll(() => mock, { consumer: 'installed', provider: 'plant-store' });

it('passes toHaveReceived for a create it saw, and fails it for one it did not', async () => {
  expect(await createPlants(mock, [{ id: 7, name: 'Pilea' }])).toEqual([200]);
  await expect(mock).toHaveReceived(
    { method: 'POST', path: '/plants', body: { matches: { name: 'Pilea' } } },
    { exactly: 1 },
  );
  await expect(
    expect(mock).toHaveReceived({
      method: 'POST',
      path: '/plants',
      body: { matches: { name: 'Fern' } },
    }),
  ).rejects.toThrow(/Fern/);
  await expect(mock).toHaveCovered('createPlant', [200]);
});
