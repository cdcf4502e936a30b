import { expect, it } from 'vitest';
import { consumerSuite } from './consumer-suite.ts';

const suite = consumerSuite();

it('creates plants', async () => {
  expect(await suite.post('{"id":1,"name":"Fern"}')).toBe(200);
  expect(await suite.post('{"id":3,"name":"Aloe"}')).toBe(200);
});
