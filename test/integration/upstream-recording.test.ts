import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Recording } from '../../src/interactions/recording-of.ts';
import { admin } from '../support/admin-fetch.ts';
import { createPlant, startTestServer, type Answer } from '../support/mock-fetch.ts';
import { driftingPlantStore, startProvider } from '../support/plant-provider.ts';

// GET /__admin/recording turns the provider's answers into stubs; --stubs FILE replays them.

const plants = [
  { id: 1, name: 'Fern' },
  { id: 2, name: 'Monstera', tag: 'tropical' },
  { id: 1, name: 'Fern' },
];
const broken = [
  { id: 'x', name: 'Ivy' },
  { id: 3, name: 'wrong-type' },
  { id: 4, name: 'undeclared-status' },
];

const seen = (answer: Answer) => ({ status: answer.status, body: answer.body });

describe('recording the provider, replaying it without one', () => {
  let folder: string;
  let recording: Recording;
  const fromProvider: ReturnType<typeof seen>[] = [];

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'plant-store-mock-recording-'));
    const provider = await startProvider(driftingPlantStore);
    const mock = await startTestServer({ upstream: provider.url });
    try {
      const session = { 'x-mock-session': 'rec' };
      for (const plant of plants) fromProvider.push(seen(await createPlant(mock, plant, session)));
      for (const plant of broken) await createPlant(mock, plant, session);
      recording = (await admin(mock, '/recording?session=rec')).body as Recording;
    } finally {
      await mock.close();
      await provider.close();
    }
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('gives one stub per request shape the contract accepted on both sides', () => {
    expect(recording.stubs).toEqual([
      {
        pattern: { method: 'POST', path: '/plants', body: { equalTo: plants[0] } },
        response: { status: 200, body: { name: 'Fern' } },
      },
      {
        pattern: { method: 'POST', path: '/plants', body: { equalTo: plants[1] } },
        response: { status: 200, body: { name: 'Monstera', tag: 'tropical' } },
      },
    ]);
  });

  it('leaves out the exchanges that broke the contract, with their violations, per operation', () => {
    expect(recording.leftOut.map((e) => [e.status, e.violations.map((v) => v.location)])).toEqual([
      [400, ['request/body/id']],
      [200, ['response/body/name']],
      [418, ['response/status']],
    ]);
    expect(recording.drift.createPlant).toMatchObject({ exchanges: 6, broken: 3 });
    expect(Object.keys(recording.drift.createPlant?.violations ?? {})).toHaveLength(3);
  });

  it('gives stubs that POST /__admin/stubs accepts', async () => {
    const mock = await startTestServer();
    try {
      for (const stub of recording.stubs) {
        expect((await admin(mock, '/stubs', { body: stub })).status).toBe(201);
      }
    } finally {
      await mock.close();
    }
  });

  it('answers as the provider did through --stubs FILE, with no provider running', async () => {
    const file = join(folder, 'recording.json');
    await writeFile(file, JSON.stringify(recording));
    const mock = await startTestServer({ stubs: file, mode: 'static' });
    try {
      const replayed = [];
      for (const plant of plants) {
        replayed.push(seen(await createPlant(mock, plant, { 'x-mock-session': 'any' })));
      }
      expect(replayed).toEqual(fromProvider);
    } finally {
      await mock.close();
    }
  });

  it('reloads the stubs file on a change with --watch', async () => {
    const file = join(folder, 'watched.json');
    await writeFile(file, JSON.stringify(recording));
    const mock = await startTestServer({ stubs: file, mode: 'static', watch: true });
    try {
      const [first] = recording.stubs;
      const changed = { ...first, response: { status: 200, body: { name: 'Fern, again' } } };
      await writeFile(file, JSON.stringify({ stubs: [changed] }));
      let answer: unknown;
      for (let tries = 0; tries < 100; tries++) {
        answer = (await createPlant(mock, plants[0])).body;
        if ((answer as { name?: string }).name === 'Fern, again') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(answer).toEqual({ name: 'Fern, again' });
      expect((await createPlant(mock, plants[1])).body).toEqual({
        name: 'Monstera',
        tag: 'tropical',
      });
      const { body } = await admin(mock, '/stubs?session=*');
      expect((body as { stubs: unknown[] }).stubs).toHaveLength(1);
    } finally {
      await mock.close();
    }
  });

  it('refuses a stubs file with a stub that breaks the contract, at start', async () => {
    const file = join(folder, 'bad.json');
    const bad = { pattern: { path: '/plants' }, response: { status: 418, body: {} } };
    await writeFile(file, JSON.stringify({ stubs: [recording.stubs[0], bad] }));
    await expect(startTestServer({ stubs: file })).rejects.toThrow(
      /stubs file .*bad\.json: stub 2: it breaks the contract: response\/status: 418 is not declared/,
    );
  });
});
