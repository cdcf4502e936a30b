import { expect, it } from 'vitest';
import { consumerSuite } from './consumer-suite.ts';

const suite = consumerSuite();

it('is told about a duplicate id, and about a request the contract rejects', async () => {
  // An id past 2^53, exact in the pact: the only request of its shape (a 400).
  expect(await suite.post('{"id":9007199254740993,"name":"Big"}')).toBe(200);
  expect(await suite.post('{"id":9007199254740993,"name":"Big"}')).toBe(400);
  expect(await suite.post('{"id":4}')).toBe(400);
});
