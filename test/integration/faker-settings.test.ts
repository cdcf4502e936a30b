import { fileURLToPath } from 'node:url';
import type { RunningMockServer } from 'plant-store-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakerSettingsOf } from '../../src/contract/faker-settings.ts';
import { createPlant, send, startTestServer } from '../support/mock-fetch.ts';

const spec = fileURLToPath(new URL('../../fixtures/specs/seed-mixes.yaml', import.meta.url));

describe("a contract's x-json-schema-faker settings in dynamic mode", () => {
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startTestServer({ spec, mode: 'dynamic' });
  });
  afterAll(() => server.close());

  it('fill every optional property, with the defaults and three items, whatever the draw', async () => {
    for (let id = 1; id <= 20; id++) {
      const answer = await send(`${server.url}/mixes/${id}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ name: 'Meadow', seeds: ['poppy', 'poppy', 'poppy'] });
    }
  });
});

describe('fakerSettingsOf', () => {
  it('keeps the settings json-schema-faker knows, of the right type, counts capped', () => {
    expect(
      fakerSettingsOf({
        'x-json-schema-faker': {
          alwaysFakeOptionals: true,
          optionalsProbability: null,
          minItems: 3,
          maxItems: 1e9,
          maxLength: -1,
          refDepthMax: 99,
          useDefaultValue: 'yes',
        },
      }),
    ).toEqual({ alwaysFakeOptionals: true, minItems: 3, maxItems: 1000 });
    expect(fakerSettingsOf({})).toEqual({});
  });
});

describe.each([
  ['all', 40, 40],
  ['some', 1, 39],
] as const)('--fake-optionals %s on the Plant Store in dynamic mode', (fakeOptionals, min, max) => {
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startTestServer({ mode: 'dynamic', fakeOptionals });
  });
  afterAll(() => server.close());

  it(`fakes the optional tag in ${min} to ${max} of 40 answers`, async () => {
    let tagged = 0;
    for (let id = 1; id <= 40; id++) {
      const answer = await createPlant(server, { id, name: 'Fern' });
      expect(answer.status).toBe(200);
      if ((answer.body as { tag?: unknown }).tag !== undefined) tagged += 1;
    }
    expect(tagged).toBeGreaterThanOrEqual(min);
    expect(tagged).toBeLessThanOrEqual(max);
  });
});
