import type { RunningMockServer } from 'plant-store-mock';
import { createMockClient, type MockClient, type PactResult } from 'plant-store-mock/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlant } from '../../support/mock-fetch.ts';
import { startTestServer } from '../../support/mock-fetch.ts';

// The docs advise a reset at the start of each test: a session's pact must still hold every test.
let server: RunningMockServer;
beforeAll(async () => {
  server = await startTestServer({ mode: 'stateful' });
});
afterAll(() => server.close());

// Three tests' traffic: ids differ between steps, so a reset of the store changes no answer.
const steps = [
  async (url: string) => {
    await createPlant({ url }, { id: 1, name: 'Fern' });
    await createPlant({ url }, { id: 1, name: 'Fern' });
    await createPlant({ url }, { name: 5 });
  },
  async (url: string) => {
    await createPlant({ url }, { id: 2, name: 'Ivy', tag: 'green' });
    await createPlant({ url }, { id: 3, name: 'Cut' }, {}, '?__fault=empty').catch(() => undefined);
  },
  async (url: string) => {
    await createPlant({ url }, { id: 4, name: 'Moss' });
  },
];

const pactOf = (mock: MockClient): Promise<PactResult> =>
  mock.pact({ consumer: 'web', provider: 'plants' });

describe("a session's pact", () => {
  it('holds everything the session answered, whatever resets and clears of its requests came between', async () => {
    const root = createMockClient({ url: server.url });
    const isolated = root.session('per-test-resets');
    const whole = root.session('no-resets');
    for (const [index, step] of steps.entries()) {
      await (index === 1 ? isolated.clearRequests() : isolated.reset());
      await step(isolated.baseUrl);
      await step(whole.baseUrl);
    }
    await isolated.reset();
    expect((await isolated.requests()).meta.total).toBe(0);
    const kept = await pactOf(isolated);
    const unbroken = await pactOf(whole);
    expect(kept.pact).toEqual(unbroken.pact);
    const counts = ({ leftOut }: PactResult) => leftOut.map(({ kind, count }) => ({ kind, count }));
    expect(counts(kept)).toEqual(counts(unbroken));
    expect(kept.entries).toBe(6);
    expect(kept.pact.interactions.map((i) => i.description)).toEqual([
      'createPlant returns 200 (1)',
      'createPlant returns 200 (2)',
      'createPlant returns 400',
    ]);
    expect(counts(kept)).toEqual([
      { kind: 'rejected', count: 1 },
      { kind: 'fault', count: 1 },
    ]);
  });

  it('gives a create refused for an existing id its provider state, and no words of the mock', async () => {
    const mock = createMockClient({ url: server.url, session: 'duplicate' });
    await steps[0]?.(mock.baseUrl);
    await mock.reset();
    const { pact } = await pactOf(mock);
    const refused = pact.interactions.find((i) => i.description === 'createPlant returns 400');
    expect(refused?.providerStates).toEqual([{ name: 'a plant with id 1 exists' }]);
    const text = JSON.stringify(pact);
    for (const word of ['__admin', 'session', 'reset the store'])
      expect(text.toLowerCase()).not.toContain(word.toLowerCase());
    expect(JSON.stringify(refused)).toContain('A plant with id 1 already exists.');
  });

  it('starts again when cleared on purpose', async () => {
    const mock = createMockClient({ url: server.url, session: 'cleared' });
    await steps[2]?.(mock.baseUrl);
    await mock.reset();
    await steps[2]?.(mock.baseUrl);
    await mock.clearPact();
    const { pact, leftOut, entries } = await pactOf(mock);
    expect(pact.interactions).toEqual([]);
    expect(entries).toBe(0);
    expect(leftOut.map(({ kind }) => kind)).toEqual(['empty-journal']);
    await steps[2]?.(mock.baseUrl);
    expect((await pactOf(mock)).entries).toBe(1);
  });
});
