import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { RunningMockServer } from 'plant-store-mock';
import { createMockClient, type MockClient, type SessionRecording } from 'plant-store-mock/client';
import { createContractHandlers } from 'plant-store-mock/msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../support/launch-cli.ts';
import { createPlant, startTestServer } from '../support/mock-fetch.ts';
import { spawnCli, type CliProcess } from '../support/spawn-cli.ts';

// MockClient.recording(): the mock CLI in front of a Plant Store provider process, both started
// here; the recording replayed through stub() on a mock with no provider.

const valid = [
  { id: 1, name: 'Fern' },
  { id: 2, name: 'Monstera', tag: 'tropical' },
  { id: 1, name: 'Fern' },
];

async function startProviderProcess(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['bench/plant-provider-server.ts', '0'], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  return { child, url: (JSON.parse(line) as { url: string }).url };
}

describe('recording() against a provider process', () => {
  let provider: { child: ChildProcess; url: string };
  let cli: CliProcess;
  let mock: MockClient;
  let recording: SessionRecording;
  const fromProvider: unknown[] = [];

  beforeAll(async () => {
    provider = await startProviderProcess();
    cli = await spawnCli(['--upstream', provider.url]);
    mock = createMockClient({ url: cli.url, session: 'recorded' });
    for (const plant of valid) {
      const answer = await createPlant(mock, plant, mock.sessionHeaders);
      fromProvider.push({ status: answer.status, body: answer.body });
    }
    // Forwarded anyway; the provider takes it, the contract does not: left out.
    await createPlant(mock, { id: 'x', name: 'Ivy' }, mock.sessionHeaders);
    recording = await mock.recording();
  });
  afterAll(() => {
    cli.child.kill('SIGKILL');
    provider.child.kill('SIGKILL');
  });

  it('gives the typed stubs file of what the provider answered, one stub per request shape', () => {
    expect(recording.session).toBe('recorded');
    expect(recording.stubs).toEqual([
      {
        pattern: { method: 'POST', path: '/plants', body: { equalTo: valid[0] } },
        response: { status: 200, body: { name: 'Fern' } },
      },
      {
        pattern: { method: 'POST', path: '/plants', body: { equalTo: valid[1] } },
        response: { status: 200, body: { name: 'Monstera', tag: 'tropical' } },
      },
    ]);
  });

  it('lists the exchange that broke the contract with its violations, and the drift', () => {
    expect(recording.leftOut).toEqual([
      expect.objectContaining({
        operationId: 'createPlant',
        status: 200,
        violations: [expect.objectContaining({ location: 'request/body/id' })],
      }),
    ]);
    expect(recording.notListed).toBe(0);
    expect(recording.drift.createPlant).toMatchObject({ exchanges: 4, broken: 1 });
  });

  it("is the bound session's only: another session recorded nothing", async () => {
    const other = await mock.session('elsewhere').recording();
    expect(other).toEqual({
      session: 'elsewhere',
      stubs: [],
      leftOut: [],
      notListed: 0,
      drift: {},
    });
  });

  it('replays through stub() as the provider answered, with no provider behind the mock', async () => {
    const offline: RunningMockServer = await startTestServer({ mode: 'static' });
    try {
      const replay = createMockClient({ url: offline.url, session: 'replay' });
      for (const stub of recording.stubs) await replay.stub(stub);
      const replayed = [];
      for (const plant of valid) {
        const answer = await createPlant(replay, plant, replay.sessionHeaders);
        replayed.push({ status: answer.status, body: answer.body });
      }
      expect(replayed).toEqual(fromProvider);
    } finally {
      await offline.close();
    }
  });
});

describe('recording() of the in-process handlers', () => {
  it('is empty: they have no provider to record', async () => {
    const handlers = createContractHandlers({ baseUrl: 'http://api.test' });
    expect(await handlers.client('in-app').recording()).toEqual({
      session: 'in-app',
      stubs: [],
      leftOut: [],
      notListed: 0,
      drift: {},
    });
  });
});
