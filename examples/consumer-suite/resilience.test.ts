import { useMockSession, writePactAfterAll } from 'plant-store-mock/vitest';
import { beforeEach, expect, it } from 'vitest';
import { createPlant } from '../plant-api.ts';

const mock = useMockSession();
const token = 'test-token';

beforeEach(() => mock.reset());
writePactAfterAll(mock, { consumer: 'plant-web', provider: 'plant-store' });

it('retries a 503 once and creates the plant', async () => {
  // The first create gets 503 (the stub is spent after one use), the retry the contract's answer.
  await mock.stub({
    pattern: { method: 'POST', path: '/plants' },
    fault: 'unavailable',
    times: 1,
  });
  const plant = { id: 1, name: 'Calathea', tag: 'shade' };
  const result = await createPlant(mock.baseUrl, token, plant);
  expect(result).toEqual({ ok: true, plant: { name: 'Calathea', tag: 'shade' } });
  await expect(mock).toHaveReceived({ path: '/plants', status: 503 }, { exactly: 1 });
  await expect(mock).toHaveReceived({ path: '/plants', status: 200 }, { exactly: 1 });
});
