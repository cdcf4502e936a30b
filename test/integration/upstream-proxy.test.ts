import type { CoverageReport } from '../../src/interactions/coverage-report.ts';
import type { Interaction } from '../../src/interactions/interaction.ts';
import type { RunningMockServer } from 'plant-store-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../support/admin-fetch.ts';
import { createPlant, send, startTestServer } from '../support/mock-fetch.ts';
import { spawnCli, waitForLine } from '../support/spawn-cli.ts';
import {
  answerJson,
  driftingPlantStore,
  plantStore,
  startProvider,
  type RunningProvider,
} from '../support/plant-provider.ts';

// --upstream in front of real provider processes: a correct Plant Store and one that drifted.

async function lastEntry(mock: RunningMockServer, session?: string): Promise<Interaction> {
  const options = session === undefined ? {} : { session };
  const { body } = await admin(mock, '/requests?limit=1', options);
  return (body as { requests: Interaction[] }).requests[0] as Interaction;
}

describe('forwarding to a correct provider', () => {
  let provider: RunningProvider;
  let mock: RunningMockServer;

  beforeAll(async () => {
    // Its answers in its own spacing and with its own headers: they must reach the client as is.
    provider = await startProvider((request, res, req) => {
      if ((request.json as { name?: string } | undefined)?.name === 'Spaced') {
        answerJson(res, 200, '{ "name" :  "Spaced" }', {
          'x-request-id': 'r-1',
          'set-cookie': ['a=1; Path=/', 'b=2; Path=/'],
          'keep-alive': 'timeout=1',
        });
        return;
      }
      plantStore(request, res, req);
    });
    mock = await startTestServer({ upstream: provider.url, violationsHeader: true });
  });
  afterAll(async () => {
    await mock.close();
    await provider.close();
  });

  it("passes the provider's answer back as it came: status, headers but hop-by-hop ones, body bytes", async () => {
    const answer = await createPlant(mock, { id: 7, name: 'Spaced' }, { 'x-mock-session': 'pass' });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('{ "name" :  "Spaced" }');
    expect(answer.headers.get('x-request-id')).toBe('r-1');
    expect(answer.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(answer.headers.get('keep-alive')).not.toBe('timeout=1');
    expect(answer.headers.get('sl-violations')).toBeNull();
    const entry = await lastEntry(mock, 'pass');
    expect(entry.source).toBe('upstream');
    expect(entry.response.body).toEqual({ name: 'Spaced' });
    expect(entry.contract.response).toEqual({ valid: true, violations: [] });
  });

  it('sends Authorization to the provider but never into the journal, nor the mock session header', async () => {
    await createPlant(mock, { id: 1, name: 'Fern' }, { authorization: 'Bearer real-secret-77' });
    const seen = provider.requests.at(-1);
    expect(seen?.headers.authorization).toBe('Bearer real-secret-77');
    expect(seen?.headers['x-mock-session']).toBeUndefined();
    expect(seen?.body).toBe('{"id":1,"name":"Fern"}');
    const entries = await admin(mock, '/requests');
    expect(entries.text).not.toContain('real-secret-77');
    expect((await lastEntry(mock)).request.headers.authorization).toBe('Bearer');
  });

  it('forwards an invalid request anyway, its violations recorded, and says so in sl-violations', async () => {
    const before = provider.requests.length;
    const answer = await createPlant(mock, { id: 'not-a-number', name: 'Fern' });
    expect(provider.requests.length).toBe(before + 1);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 400, message: 'a plant needs an id and a name' });
    expect(answer.headers.get('sl-violations')).toContain('request');
    const entry = await lastEntry(mock);
    expect(entry.source).toBe('upstream');
    expect(entry.contract.request.valid).toBe(false);
  });

  it('goes to the one provider fixed at start, whatever the request names', async () => {
    const other = await startProvider(plantStore);
    try {
      const before = provider.requests.length;
      const answer = await send(`${mock.url}/plants`, {
        method: 'POST',
        headers: {
          authorization: 'Bearer t',
          'content-type': 'application/json',
          'x-forwarded-host': `127.0.0.1:${other.port}`,
          forwarded: `host=127.0.0.1:${other.port}`,
        },
        body: '{"id":1,"name":"Fern"}',
      });
      expect(answer.status).toBe(200);
      expect(provider.requests.length).toBe(before + 1);
      expect(other.requests).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});

describe('refusing an invalid request under --errors', () => {
  it('answers as the mock does and never calls the provider', async () => {
    const provider = await startProvider(plantStore);
    const mock = await startTestServer({ upstream: provider.url, errors: true });
    try {
      const answer = await createPlant(mock, { id: 'x', name: 'Fern' });
      expect(answer.status).toBe(400);
      expect((await lastEntry(mock)).source).toBe('validation-error');
      expect(provider.requests).toHaveLength(0);
    } finally {
      await mock.close();
      await provider.close();
    }
  });
});

describe('a provider that drifted from the contract', () => {
  let provider: RunningProvider;
  let mock: RunningMockServer;

  beforeAll(async () => {
    provider = await startProvider(driftingPlantStore);
    mock = await startTestServer({
      upstream: provider.url,
      upstreamTimeout: 400,
      maxBody: '16kb',
      violationsHeader: true,
    });
  });
  afterAll(async () => {
    await mock.close();
    await provider.close();
  });

  it.each([
    ['wrong-type', 200, 'body/name'],
    ['missing-field', 200, 'body'],
    ['undeclared-status', 418, 'status'],
  ])(
    'passes %s on as it came, its violations journaled, counted and in sl-violations',
    async (name, status, location) => {
      const session = `drift-${name}`;
      const answer = await createPlant(mock, { id: 1, name }, { 'x-mock-session': session });
      expect(answer.status).toBe(status);
      expect(answer.headers.get('sl-violations')).toContain('response');
      const entry = await lastEntry(mock, session);
      expect(entry.source).toBe('upstream');
      expect(entry.contract.response.valid).toBe(false);
      expect(entry.contract.response.violations.map((v) => v.location)).toContain(location);
      const coverage = (await admin(mock, '/coverage', { session })).body as CoverageReport;
      expect(coverage.operations[0]?.violations).toBe(1);
    },
  );

  it.each([
    ['drop', 502, /upstream http:\/\/127\.0\.0\.1:\d+: it dropped the connection/],
    ['malformed', 502, /upstream http:\/\/127\.0\.0\.1:\d+: it answered malformed HTTP/],
    ['huge', 502, /larger than --max-body \(16384 bytes\)/],
    [
      'slow',
      504,
      /upstream http:\/\/127\.0\.0\.1:\d+ did not answer within --upstream-timeout \(400 ms\)/,
    ],
  ])(
    "answers %s with %i in the contract's error shape, naming the upstream",
    async (name, status, message) => {
      const started = performance.now();
      const answer = await createPlant(mock, { id: 1, name });
      expect(answer.status).toBe(status);
      const body = answer.body as { error: number; message: string };
      expect(body.error).toBe(status);
      expect(body.message).toMatch(message);
      // Never a hang: well within the test's timeout, whatever the provider does.
      expect(performance.now() - started).toBeLessThan(5_000);
      const entry = await lastEntry(mock);
      expect(entry.source).toBe(status === 504 ? 'error:GATEWAY_TIMEOUT' : 'error:BAD_GATEWAY');
    },
  );
});

describe('the CLI with PLANT_MOCK_UPSTREAM', () => {
  it('forwards, times the provider out by --upstream-timeout and logs its violations', async () => {
    const provider = await startProvider(driftingPlantStore);
    const cli = await spawnCli(['--upstream-timeout', '300', '--log-format', 'json'], {
      PLANT_MOCK_UPSTREAM: provider.url,
    });
    try {
      expect(cli.lines.join('\n')).toContain(`"upstream":"${provider.url}"`);
      const slow = await createPlant(cli, { id: 1, name: 'slow' });
      expect(slow.status).toBe(504);
      expect(slow.text).toContain('--upstream-timeout (300 ms)');
      expect((await createPlant(cli, { id: 1, name: 'wrong-type' })).status).toBe(200);
      const warning = await waitForLine(cli, (line) =>
        line.includes('does not match the contract'),
      );
      expect(warning).toContain('body/name');
    } finally {
      cli.child.kill('SIGKILL');
      await provider.close();
    }
  });
});
