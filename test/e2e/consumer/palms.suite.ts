// One of two suite files on the global setup's shared mock: both create plants 1, 2, ... in the
// stateful store and count them, which holds only while each file has a session of its own.
import { useMockSession } from 'plant-store-mock/vitest';
import { expect, inject, it } from 'vitest';
import { createPlants } from './create-plants.ts';

const mock = useMockSession();

it('creates its plants and counts only its own requests', async () => {
  console.log(`shared mock ${inject('plantStoreMock').url}`);
  expect(mock.sessionName).toBe('palms.suite.ts');
  expect(await createPlants(mock, [1, 2, 3])).toEqual([200, 200, 200]);
  await expect(mock).toHaveReceived({ method: 'POST', path: '/plants' }, { exactly: 3 });
  expect(await mock.verify({ status: 200 }, { exactly: 3 })).toBe(3);
});
