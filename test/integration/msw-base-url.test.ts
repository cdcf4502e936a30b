import { http } from 'msw';
import { setupServer } from 'msw/node';
import { createContractHandlers } from 'plant-store-mock/msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, json, send } from '../support/mock-fetch.ts';

// The handlers parse their base URL once and each request's URL once: what they answer, and the
// path and query they journal, stay those of the request under the base.
const mock = createContractHandlers({ baseUrl: 'http://api.test/v1/' });
// What the contract's handlers leave goes on to the next handler.
const elsewhere = http.all('*', () => new Response('elsewhere'));

const network = setupServer(...mock.handlers, elsewhere);
beforeAll(() => {
  network.listen({ onUnhandledFrame: 'error' });
});
afterAll(() => {
  network.close();
});

describe('contract handlers under a base URL with a path', () => {
  it('answer a request under the base by its path there, and journal its query', async () => {
    const client = mock.client('base-path');
    const created = await send('http://api.test/v1/plants?tag=a&tag=b&q=x', {
      method: 'POST',
      headers: { ...auth, ...json, ...client.sessionHeaders },
      body: JSON.stringify({ id: 1, name: 'Monstera' }),
    });
    expect(created.status).toBe(200);
    const [entry] = await client.find({ method: 'POST', path: '/plants' });
    expect(entry?.request.query).toEqual({ tag: ['a', 'b'], q: 'x' });
  });

  it('leave what is outside the base (another path, another origin) to other handlers', async () => {
    for (const url of [
      'http://api.test/v1plants',
      'http://api.test/plants',
      'http://other.test/v1/plants',
    ]) {
      expect((await send(url)).text).toBe('elsewhere');
    }
  });
});
