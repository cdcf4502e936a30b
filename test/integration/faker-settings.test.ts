import { fileURLToPath } from 'node:url';
import type { RunningMockServer } from 'plant-store-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakerSettingsOf } from '../../src/contract/faker-settings.ts';
import { send, startTestServer } from '../support/mock-fetch.ts';

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
