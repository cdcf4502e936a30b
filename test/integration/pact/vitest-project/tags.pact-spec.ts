import { expect, it } from 'vitest';
import { consumerSuite } from './consumer-suite.ts';

const suite = consumerSuite();

it('creates a tagged plant', async () => {
  expect(await suite.post('{"id":2,"name":"Moss","tag":"green"}')).toBe(200);
});
