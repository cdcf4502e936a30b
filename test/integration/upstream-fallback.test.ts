import { fileURLToPath } from 'node:url';
import type { Interaction } from '../../src/interactions/interaction.ts';
import type { RunningMockServer } from 'plant-store-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../support/admin-fetch.ts';
import { createPlant, send, startTestServer } from '../support/mock-fetch.ts';
import {
  driftingPlantStore,
  startProvider,
  type RunningProvider,
} from '../support/plant-provider.ts';

// What the mock answers in the provider's place: --mock-operations and --fallback-on.

const greenhouse = fileURLToPath(new URL('../../fixtures/specs/greenhouse.yaml', import.meta.url));

async function lastSource(mock: RunningMockServer): Promise<string> {
  const { body } = await admin(mock, '/requests?limit=1');
  return ((body as { requests: Interaction[] }).requests[0] as Interaction).source;
}

// A port that was listening a moment ago and is closed now: connecting to it is refused.
async function closedPortUrl(): Promise<string> {
  const gone = await startProvider(() => undefined);
  await gone.close();
  return gone.url;
}

describe('--fallback-on', () => {
  let provider: RunningProvider;
  beforeAll(async () => {
    provider = await startProvider(driftingPlantStore);
  });
  afterAll(async () => {
    await provider.close();
  });

  it('answers from the mock where the provider says 501, and passes a 404 on, by default', async () => {
    const mock = await startTestServer({ upstream: provider.url });
    try {
      const notBuilt = await createPlant(mock, { id: 3, name: 'not-implemented' });
      expect(notBuilt.status).toBe(200);
      expect(notBuilt.body).toEqual({ name: 'not-implemented' });
      expect(await lastSource(mock)).toBe('stateful');
      const missing = await createPlant(mock, { id: 4, name: 'missing' });
      expect(missing.status).toBe(404);
      expect(await lastSource(mock)).toBe('upstream');
    } finally {
      await mock.close();
    }
  });

  it('answers from the mock where the provider says 404 with --fallback-on 404', async () => {
    const mock = await startTestServer({ upstream: provider.url, fallbackOn: ['404'] });
    try {
      expect((await createPlant(mock, { id: 4, name: 'missing' })).status).toBe(200);
      expect((await createPlant(mock, { id: 5, name: 'not-implemented' })).status).toBe(501);
    } finally {
      await mock.close();
    }
  });

  it('answers from the mock when the provider is unreachable, by default', async () => {
    const mock = await startTestServer({ upstream: await closedPortUrl() });
    try {
      const answer = await createPlant(mock, { id: 1, name: 'Fern' });
      expect(answer.status).toBe(200);
      expect(await lastSource(mock)).toBe('stateful');
    } finally {
      await mock.close();
    }
  });

  it('answers 502 naming the upstream when it is unreachable with --fallback-on none', async () => {
    const url = await closedPortUrl();
    const mock = await startTestServer({ upstream: url, fallbackOn: ['none'] });
    try {
      const answer = await createPlant(mock, { id: 1, name: 'Fern' });
      expect(answer.status).toBe(502);
      const body = answer.body as { error: number; message: string };
      expect(body.error).toBe(502);
      expect(body.message).toContain(`Failed to reach the upstream ${url}: ECONNREFUSED`);
      expect(await lastSource(mock)).toBe('error:BAD_GATEWAY');
    } finally {
      await mock.close();
    }
  });

  it('refuses none listed with other triggers, at start', async () => {
    await expect(
      startTestServer({ upstream: provider.url, fallbackOn: ['none', '501'] }),
    ).rejects.toThrow(/fallbackOn \(--fallback-on\): "none" cannot be listed with 501/);
  });
});

describe('--mock-operations', () => {
  let provider: RunningProvider;
  let mock: RunningMockServer;
  beforeAll(async () => {
    provider = await startProvider(({ url }, res) => {
      if (url === '/ping') {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('provider pong');
        return;
      }
      res
        .writeHead(201, { 'content-type': 'application/json' })
        .end('{"opened":"by the provider"}');
    });
    mock = await startTestServer({
      spec: greenhouse,
      mode: 'static',
      upstream: provider.url,
      mockOperations: ['ping'],
      fallbackOn: ['none'],
    });
  });
  afterAll(async () => {
    await mock.close();
    await provider.close();
  });

  it('serves the listed operations from the mock and the rest from the provider', async () => {
    const ping = await send(`${mock.url}/ping`);
    expect(ping.text).toBe('pong');
    expect(await lastSource(mock)).not.toBe('upstream');
    const vents = await send(`${mock.url}/vents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"angle":45}',
    });
    expect(vents.status).toBe(201);
    expect(vents.body).toEqual({ opened: 'by the provider' });
    expect(await lastSource(mock)).toBe('upstream');
    expect(provider.requests.map((r) => r.url)).toEqual(['/vents']);
  });

  it('keeps stubs, controls and delays in front of the provider', async () => {
    const before = provider.requests.length;
    const stub = await admin(mock, '/stubs', {
      body: {
        pattern: { method: 'POST', path: '/vents' },
        response: { status: 200, body: { opened: 'stub' } },
        allowContractViolation: true,
        times: 1,
      },
    });
    expect(stub.status).toBe(201);
    const post = (query = '') =>
      send(`${mock.url}/vents${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"angle":45}',
      });
    expect((await post()).body).toEqual({ opened: 'stub' });
    expect((await post('?__code=422')).status).toBe(422);
    const started = performance.now();
    expect((await post('?__delay=150')).body).toEqual({ opened: 'by the provider' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(provider.requests.length).toBe(before + 1);
  });

  it('refuses an operation id the contract does not have, at start', async () => {
    await expect(
      startTestServer({ spec: greenhouse, upstream: provider.url, mockOperations: ['pign'] }),
    ).rejects.toThrow(/mockOperations \(--mock-operations\): the contract has no operation pign/);
  });
});
