import { request } from 'node:http';
import type { RunningMockServer } from 'plant-store-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { admin } from '../support/admin-fetch.ts';
import { createPlant, startTestServer } from '../support/mock-fetch.ts';

let server: RunningMockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

interface RawOutcome {
  status?: number;
  body?: string;
  error?: NodeJS.ErrnoException;
  elapsedMs: number;
}

// A plain node:http client, so each fault is seen as real clients see it.
function rawCreate(
  url: string,
  headers: Record<string, string>,
  timeoutMs = 5_000,
): Promise<RawOutcome> {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  return new Promise((resolve) => {
    const req = request(
      `${url}/plants`,
      {
        method: 'POST',
        agent: false,
        headers: { authorization: 'Bearer t', 'content-type': 'application/json', ...headers },
        timeout: timeoutMs,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body, elapsedMs: elapsed() });
        });
        res.on('error', (error) => {
          resolve({ error, elapsedMs: elapsed() });
        });
      },
    );
    req.on('timeout', () =>
      req.destroy(Object.assign(new Error('client timeout'), { code: 'CLIENT_TIMEOUT' })),
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      resolve({ error, elapsedMs: elapsed() });
    });
    req.end(JSON.stringify({ id: Math.floor(Math.random() * 1e9), name: 'Fern' }));
  });
}

async function lastEntry(running: RunningMockServer) {
  const { requests } = (await admin(running, '/requests?limit=1')).body as {
    requests: {
      source: string;
      response: { status: number };
      contract: { response: { valid: boolean; violations: { message: string }[] } };
    }[];
  };
  return requests[0];
}

describe('faults', () => {
  it('reset: the client sees ECONNRESET, and the journal records the fault', async () => {
    server = await startTestServer();
    const outcome = await rawCreate(server.url, { prefer: 'fault=reset' });
    expect(outcome.error?.code).toBe('ECONNRESET');
    expect(await lastEntry(server)).toMatchObject({
      source: 'fault:reset',
      response: { status: 0 },
      contract: { response: { valid: false } },
    });
  });

  it('empty: the connection closes with no response', async () => {
    server = await startTestServer();
    const outcome = await rawCreate(server.url, { prefer: 'fault=empty' });
    expect(outcome.status).toBeUndefined();
    expect(outcome.error?.message).toMatch(/socket hang up/);
    expect(await lastEntry(server)).toMatchObject({
      source: 'fault:empty',
      response: { status: 0 },
    });
  });

  it('malformed: 200 with a JSON body that does not parse', async () => {
    server = await startTestServer();
    const outcome = await rawCreate(server.url, { prefer: 'fault=malformed' });
    expect(outcome.status).toBe(200);
    expect(() => JSON.parse(outcome.body ?? '') as unknown).toThrow(SyntaxError);
    expect(await lastEntry(server)).toMatchObject({
      source: 'fault:malformed',
      response: { status: 200 },
      contract: { response: { valid: false } },
    });
  });

  it('timeout: nothing comes back until the client gives up', async () => {
    server = await startTestServer();
    const outcome = await rawCreate(server.url, { prefer: 'fault=timeout' }, 300);
    expect(outcome.error?.code).toBe('CLIENT_TIMEOUT');
    expect(outcome.elapsedMs).toBeGreaterThanOrEqual(290);
    await expect
      .poll(async () => (await lastEntry(server as RunningMockServer))?.source)
      .toBe('fault:timeout');
  });

  it('timeout: the mock cuts the connection at --max-delay', async () => {
    server = await startTestServer({ maxDelay: 400 });
    const outcome = await rawCreate(server.url, { prefer: 'fault=timeout' }, 5_000);
    expect(outcome.error?.message).toMatch(/socket hang up|ECONNRESET/);
    expect(outcome.elapsedMs).toBeGreaterThanOrEqual(390);
    expect(outcome.elapsedMs).toBeLessThan(2_000);
  });

  it('timeout after a delay: the connection is held --max-delay in all, not twice', async () => {
    server = await startTestServer({ maxDelay: 1_500 });
    const outcome = await rawCreate(server.url, { prefer: 'delay=1400, fault=timeout' }, 10_000);
    expect(outcome.error?.message).toMatch(/socket hang up|ECONNRESET/);
    expect(outcome.elapsedMs).toBeGreaterThanOrEqual(1_390);
    // Held for the delay and then --max-delay again, it took 2.9 s.
    expect(outcome.elapsedMs).toBeLessThan(2_400);
  });

  it('close() ends requests held by a timeout fault at once', async () => {
    const running = await startTestServer({ maxDelay: 60_000 });
    const held = rawCreate(running.url, { prefer: 'fault=timeout' }, 60_000);
    await expect.poll(async () => (await admin(running, '/health')).status).toBe(200);
    // The held request has reached the mock once a later one on another connection is answered.
    expect((await createPlant(running, { id: 1, name: 'Fern' })).status).toBe(200);
    const started = performance.now();
    await running.close();
    // It waited out its whole grace period (about 4 s) for an answer that never comes.
    expect(performance.now() - started).toBeLessThan(2_000);
    expect((await held).error?.message).toMatch(/socket hang up|ECONNRESET/);
  });

  it('a stub can carry a fault', async () => {
    server = await startTestServer();
    await admin(server, '/stubs', {
      body: { pattern: { operationId: 'createPlant' }, fault: 'reset', times: 1 },
    });
    expect((await rawCreate(server.url, {})).error?.code).toBe('ECONNRESET');
    expect((await rawCreate(server.url, {})).status).toBe(200);
  });

  it('unavailable, on the first request only: a 503 to retry, outside the contract and the pact', async () => {
    server = await startTestServer();
    const registered = await admin(server, '/stubs', {
      body: { pattern: { operationId: 'createPlant' }, fault: 'unavailable', times: 1 },
    });
    expect(registered.status).toBe(201);
    const first = await rawCreate(server.url, {});
    expect(first.status).toBe(503);
    expect(JSON.parse(first.body ?? '')).toEqual({ error: 503, message: 'Service Unavailable' });
    expect((await rawCreate(server.url, {})).status).toBe(200);
    const { requests } = (await admin(server, '/requests')).body as {
      requests: { source: string; contract: { response: { valid: boolean } } }[];
    };
    expect(requests.map((entry) => [entry.source, entry.contract.response.valid])).toEqual([
      ['stateful', true],
      ['fault:unavailable', false],
    ]);
    const { leftOut } = (await admin(server, '/pact')).body as { leftOut: { kind: string }[] };
    expect(leftOut.map(({ kind }) => kind)).toEqual(['fault']);
  });

  it('refuses an unknown fault name with 400', async () => {
    server = await startTestServer();
    const answer = await createPlant(server, { id: 1, name: 'x' }, { prefer: 'fault=explode' });
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toMatch(
      /fault must be one of reset, empty, malformed, timeout, unavailable/,
    );
  });
});

describe('delays', () => {
  // Timers may fire late on a busy machine, never early: the upper bound is generous.
  const tolerance = 400;

  it('Prefer: delay=MS holds the answer that long', async () => {
    server = await startTestServer();
    const outcome = await rawCreate(server.url, { prefer: 'delay=300' });
    expect(outcome.status).toBe(200);
    expect(outcome.elapsedMs).toBeGreaterThanOrEqual(295);
    expect(outcome.elapsedMs).toBeLessThan(300 + tolerance);
  });

  it('--delay MIN-MAX delays every answer within the range', async () => {
    server = await startTestServer({ delay: '100-200' });
    for (let i = 0; i < 5; i++) {
      const outcome = await rawCreate(server.url, {});
      expect(outcome.elapsedMs).toBeGreaterThanOrEqual(95);
      expect(outcome.elapsedMs).toBeLessThan(200 + tolerance);
    }
  });

  it('a stub delays by its delayMs; Prefer overrides it', async () => {
    server = await startTestServer();
    await admin(server, '/stubs', {
      body: { pattern: {}, response: { status: 200, body: { name: 'slow' } }, delayMs: 250 },
    });
    const slow = await rawCreate(server.url, {});
    expect(slow).toMatchObject({ status: 200, body: '{"name":"slow"}' });
    expect(slow.elapsedMs).toBeGreaterThanOrEqual(245);
    const fast = await rawCreate(server.url, { prefer: 'delay=0' });
    expect(fast.elapsedMs).toBeLessThan(245);
  });

  it('refuses a delay over --max-delay with 400', async () => {
    server = await startTestServer({ maxDelay: 1000 });
    const answer = await createPlant(server, { id: 1, name: 'x' }, { prefer: 'delay=5000' });
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toMatch(/over --max-delay \(1000 ms\)/);
  });

  it('refuses a --delay over --max-delay at start-up', async () => {
    await expect(startTestServer({ delay: '10-50000' })).rejects.toThrow(/Invalid setting delay/);
  });
});
