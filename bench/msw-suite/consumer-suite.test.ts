// The examples' consumer suite (create, duplicate, invalid, retried 503; verify, count, pact),
// repeated, against the mock that MSW_SUITE_TARGET names: `handlers` (setupServer with the
// contract's handlers) or `server` (startMockServer in this process). It writes its timings to
// MSW_SUITE_OUT for bench/msw-suite.ts.
import { writeFile } from 'node:fs/promises';
import type { MockClient } from 'plant-store-mock/client';
import { writePactAfterAll } from 'plant-store-mock/vitest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPlant, type NewPlant } from '../../examples/plant-api.ts';
import { openSuiteMock, type SuiteMock } from './open-suite-mock.ts';

const target = process.env.MSW_SUITE_TARGET === 'server' ? 'server' : 'handlers';
const repeat = Number(process.env.MSW_SUITE_REPEAT ?? 10);
const token = 'test-token';
const timings = { suiteMs: 0, suiteCpuMs: 0, requestMs: [] as number[], clientMs: [] as number[] };
let opened: SuiteMock;
let client: MockClient;
let suiteStarted = 0;
let suiteCpu = process.cpuUsage();

beforeAll(async () => {
  suiteStarted = performance.now();
  suiteCpu = process.cpuUsage();
  opened = await openSuiteMock(target);
  client = opened.client;
});
afterAll(async () => {
  await opened.close();
  timings.suiteMs = performance.now() - suiteStarted;
  const cpu = process.cpuUsage(suiteCpu);
  timings.suiteCpuMs = (cpu.user + cpu.system) / 1000;
  if (process.env.MSW_SUITE_OUT !== undefined) {
    await writeFile(process.env.MSW_SUITE_OUT, JSON.stringify(timings));
  }
});
// Registered after the afterAll above, so it runs first (afterAll hooks run in reverse).
writePactAfterAll(() => client, {
  consumer: 'plant-web',
  provider: 'plant-store',
  dir: process.env.MSW_SUITE_PACTS ?? 'pacts',
});

// The app's call, timed per HTTP request it makes (a retried 503 makes two).
async function create(plant: NewPlant, requests = 1) {
  const started = performance.now();
  const result = await createPlant(opened.baseUrl, token, plant, {
    headers: client.sessionHeaders,
  });
  const each = (performance.now() - started) / requests;
  for (let i = 0; i < requests; i += 1) timings.requestMs.push(each);
  return result;
}

// A client call (reset, verify, count, stub), timed.
async function check<T>(call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await call();
  timings.clientMs.push(performance.now() - started);
  return result;
}

beforeEach(() => check(() => client.reset()));

describe.each(Array.from({ length: repeat }, (_, round) => round))('round %i', () => {
  it('creates a plant', async () => {
    const result = await create({ id: 1, name: 'Monstera' });
    expect(result).toEqual({ ok: true, plant: { name: 'Monstera' } });
    await check(() =>
      expect(client).toHaveReceived(
        { method: 'POST', path: '/plants', body: { matches: { name: 'Monstera' } } },
        { exactly: 1 },
      ),
    );
  });

  it('shows the API error when the plant exists already', async () => {
    await create({ id: 1, name: 'Fern', tag: 'green' });
    const result = await create({ id: 1, name: 'Fern' });
    expect(result).toMatchObject({ ok: false, error: { error: 400 } });
    await check(() =>
      expect(client).toHaveReceived({ path: '/plants', status: 400 }, { exactly: 1 }),
    );
  });

  it('shows the violation of a plant without a name', async () => {
    const result = await create({ id: 2 } as NewPlant);
    expect(result.ok).toBe(false);
    expect(await check(() => client.count({ method: 'POST', status: 400 }))).toBe(1);
  });

  it('retries a 503 once and creates the plant', async () => {
    await check(() =>
      client.stub({ pattern: { method: 'POST', path: '/plants' }, fault: 'unavailable', times: 1 }),
    );
    const result = await create({ id: 3, name: 'Calathea', tag: 'shade' }, 2);
    expect(result).toEqual({ ok: true, plant: { name: 'Calathea', tag: 'shade' } });
    expect(await check(() => client.count({ path: '/plants' }))).toBe(2);
  });
});
