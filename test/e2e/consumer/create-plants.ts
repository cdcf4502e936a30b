// What the test files share: create plants in the client's session, as code under test would.
import type { MockClient } from 'plant-store-mock/client';

/** POST /plants for each plant (a number N: `{ id: N, name: 'Plant N' }`), in the client's session. */
export async function createPlants(
  mock: MockClient,
  plants: readonly (number | { id: number; name: string })[],
): Promise<number[]> {
  const statuses: number[] = [];
  for (const plant of plants) {
    const response = await fetch(`${mock.url}/plants`, {
      method: 'POST',
      headers: {
        ...mock.sessionHeaders,
        authorization: 'Bearer t',
        'content-type': 'application/json',
      },
      body: JSON.stringify(
        typeof plant === 'number' ? { id: plant, name: `Plant ${plant}` } : plant,
      ),
    });
    await response.body?.cancel();
    statuses.push(response.status);
  }
  return statuses;
}
