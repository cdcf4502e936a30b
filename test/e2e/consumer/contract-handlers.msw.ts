// Run by vitest in a fresh project against the installed package and the installed msw: the
// consumer's creates, answered in process by the contract's handlers, with no server started.
import { setupServer } from 'msw/node';
import { createContractHandlers, type ContractHandlers } from 'plant-store-mock/msw';
import { writePactAfterAll } from 'plant-store-mock/vitest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPlants } from './create-plants.ts';

const mock: ContractHandlers = createContractHandlers({ baseUrl: 'http://plants.test' });
const network = setupServer(...mock.handlers);
const client = mock.client('installed-msw');

beforeAll(() => {
  network.listen({ onUnhandledFrame: 'error' });
});
afterAll(() => {
  network.close();
});
writePactAfterAll(client, { consumer: 'installed-msw', provider: 'plant-store' });

it('answers a create, the 400 of an invalid one, and the 400 of a duplicate id', async () => {
  const nameless = { id: 2 } as { id: number; name: string };
  expect(await createPlants(client, [{ id: 1, name: 'Monstera' }, nameless, 1])).toEqual([
    200, 400, 400,
  ]);
  const [refused] = await client.find({ status: 400, body: { matches: { id: 2 } } });
  expect(refused?.contract.request.valid).toBe(false);
});

it('reads its journal through the matchers', async () => {
  await expect(client).toHaveReceived(
    { method: 'POST', path: '/plants', body: { matches: { name: 'Monstera' } } },
    { exactly: 1 },
  );
  await expect(client).toHaveCovered('createPlant', [200, 400]);
});
