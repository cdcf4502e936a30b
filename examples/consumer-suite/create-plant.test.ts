import { useMockSession, writePactAfterAll } from 'plant-store-mock/vitest';
import { beforeEach, expect, it } from 'vitest';
import { createPlant } from '../plant-api.ts';

// This file's session on the suite's mock. The app under test only gets a base URL: the
// session's (`/__session/NAME`), so its requests need no header to land in this session.
const mock = useMockSession();
const token = 'test-token';

// Every test starts clean: no requests, stubs or stored plants of the tests before it.
beforeEach(() => mock.reset());
// After the last test, the session's pact, which holds every test's traffic across the resets.
writePactAfterAll(mock, { consumer: 'plant-web', provider: 'plant-store' });

it('creates a plant', async () => {
  const result = await createPlant(mock.baseUrl, token, { id: 1, name: 'Monstera' });
  expect(result).toEqual({ ok: true, plant: { name: 'Monstera' } });
  await expect(mock).toHaveReceived(
    { method: 'POST', path: '/plants', body: { matches: { name: 'Monstera' } } },
    { exactly: 1 },
  );
});

it('shows the API error when the plant exists already', async () => {
  await createPlant(mock.baseUrl, token, { id: 1, name: 'Fern', tag: 'green' });
  const result = await createPlant(mock.baseUrl, token, { id: 1, name: 'Fern' });
  expect(result).toMatchObject({ ok: false, error: { error: 400 } });
  await expect(mock).toHaveReceived({ path: '/plants', status: 400 }, { exactly: 1 });
});
