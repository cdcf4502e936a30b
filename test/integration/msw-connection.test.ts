import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { setupServer } from 'msw/node';
import { createContractHandlers } from 'plant-store-mock/msw';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auth, json } from '../support/mock-fetch.ts';

// undici announces every connection it opens on this channel, mocked ones included.
const connected = 'undici:client:connected';
const mock = createContractHandlers({ baseUrl: 'http://api.test' });
const network = setupServer(...mock.handlers);

beforeAll(async () => {
  await mock.ready();
  network.listen({ onUnhandledFrame: 'error' });
});
afterAll(() => {
  network.close();
});

const create = (id: number) =>
  fetch('http://api.test/plants', {
    method: 'POST',
    headers: { ...auth, ...json, 'x-mock-session': 'connection' },
    body: JSON.stringify(id % 2 === 0 ? { id } : { id, name: 'Monstera' }),
  });
const read = () => fetch('http://api.test/plants/1', { headers: auth });

it('keeps its mocked connection for requests sent one after another', async () => {
  // msw replaces the first connection once, even for a handler returning a fixed body.
  await (await create(0)).text();
  await (await read()).text();
  let connections = 0;
  const count = (): void => {
    connections += 1;
  };
  subscribe(connected, count);
  try {
    for (let id = 1; id <= 6; id += 1) {
      const created = await create(id);
      expect(created.status).toBe(id % 2 === 0 ? 400 : 200);
      await created.text();
      await (await read()).text();
    }
  } finally {
    unsubscribe(connected, count);
  }
  // A handler answering in the turn the request arrives in made undici open one per request.
  expect(connections).toBe(0);
});
