import { fileURLToPath } from 'node:url';
import type { RunningMockServer } from 'plant-store-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { schemaErrors } from '../support/contract-schemas.ts';
import { createPlant, startTestServer } from '../support/mock-fetch.ts';

const fixtures = fileURLToPath(new URL('../../fixtures/plants.json', import.meta.url));
const running: RunningMockServer[] = [];

async function start(options: Parameters<typeof startTestServer>[0]): Promise<RunningMockServer> {
  const server = await startTestServer(options);
  running.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

describe('stateful mode', () => {
  it('answers with the request projected onto Plant: name, and tag only when it was sent', async () => {
    const server = await start({ mode: 'stateful' });
    const withTag = await createPlant(server, { id: 1, name: 'Monstera', tag: 'tropical' });
    const withoutTag = await createPlant(server, { id: 2, name: 'Fern' });
    expect(withTag).toMatchObject({ status: 200, body: { name: 'Monstera', tag: 'tropical' } });
    expect(withoutTag).toMatchObject({ status: 200, body: { name: 'Fern' } });
    expect(withoutTag.body).not.toHaveProperty('tag');
    expect(withoutTag.body).not.toHaveProperty('id');
  });

  it('answers a second create with a stored id with 400 naming the id', async () => {
    const server = await start({ mode: 'stateful' });
    expect((await createPlant(server, { id: 7, name: 'Fern' })).status).toBe(200);
    const duplicate = await createPlant(server, { id: 7, name: 'Ivy' });
    expect(duplicate.status).toBe(400);
    expect(schemaErrors('Error', duplicate.body)).toEqual([]);
    expect((duplicate.body as { message: string }).message).toMatch(/id 7 already exists/);
  });

  it('keeps a refused create out of the store', async () => {
    const server = await start({ mode: 'stateful' });
    expect((await createPlant(server, { id: 8, name: 5 })).status).toBe(400);
    expect((await createPlant(server, { id: 8, name: 'Fern' })).status).toBe(200);
  });

  it('treats 7 and "7" as different ids only when both are valid; a string id is refused', async () => {
    const server = await start({ mode: 'stateful' });
    const stringId = await createPlant(server, { id: '7', name: 'Fern' });
    expect(stringId.status).toBe(400);
    expect((stringId.body as { message: string }).message).toMatch(/body\/id: must be integer/);
  });

  it('seeds the store from --fixtures', async () => {
    const server = await start({ mode: 'stateful', fixtures });
    const taken = await createPlant(server, { id: 1, name: 'Another aloe' });
    expect(taken.status).toBe(400);
    expect((taken.body as { message: string }).message).toMatch(/id 1 already exists/);
    expect((await createPlant(server, { id: 4, name: 'Pothos' })).status).toBe(200);
  });

  it('forgets the oldest plants past --store-limit, so memory stays bounded', async () => {
    const server = await start({ mode: 'stateful', storeLimit: 3, fixtures });
    for (const id of [10, 11, 12, 13])
      expect((await createPlant(server, { id, name: 'x' })).status).toBe(200);
    expect((await createPlant(server, { id: 10, name: 'again' })).status).toBe(200);
    expect((await createPlant(server, { id: 12, name: 'again' })).status).toBe(400);
    // Fixtures are never forgotten.
    expect((await createPlant(server, { id: 1, name: 'again' })).status).toBe(400);
  });

  it('keeps each X-Mock-Session its own store', async () => {
    const server = await start({ mode: 'stateful' });
    expect(
      (await createPlant(server, { id: 9, name: 'Fern' }, { 'x-mock-session': 'a' })).status,
    ).toBe(200);
    expect(
      (await createPlant(server, { id: 9, name: 'Fern' }, { 'x-mock-session': 'b' })).status,
    ).toBe(200);
    expect(
      (await createPlant(server, { id: 9, name: 'Fern' }, { 'x-mock-session': 'a' })).status,
    ).toBe(400);
  });
});

describe('static mode', () => {
  it("answers with the spec's first named example and stores nothing", async () => {
    const server = await start({ mode: 'static' });
    const first = await createPlant(server, { id: 1, name: 'Anything' });
    const again = await createPlant(server, { id: 1, name: 'Anything' });
    expect(first).toMatchObject({ status: 200, body: { name: 'Monstera', tag: 'tropical' } });
    expect(again).toMatchObject({ status: 200, body: { name: 'Monstera', tag: 'tropical' } });
  });
});

describe('dynamic mode', () => {
  const plants = [1, 2, 3, 4, 5].map((id) => ({ id, name: `Plant ${id}` }));

  async function fakesFor(order: typeof plants, seed: string | undefined) {
    const server = await start({ mode: 'dynamic', ...(seed === undefined ? {} : { seed }) });
    const byId = new Map<number, unknown>();
    for (const plant of order) byId.set(plant.id, (await createPlant(server, plant)).body);
    return byId;
  }

  it('fakes bodies that are valid Plants', async () => {
    const fakes = await fakesFor(plants, undefined);
    for (const body of fakes.values()) expect(schemaErrors('Plant', body)).toEqual([]);
  });

  it('gives the same fake for the same id across restarts and whatever the order, with --seed', async () => {
    const forwards = await fakesFor(plants, 'seed-1');
    const backwards = await fakesFor([...plants].reverse(), 'seed-1');
    expect(backwards).toEqual(forwards);
  });

  it('gives other fakes for another seed', async () => {
    const one = await fakesFor(plants, 'seed-1');
    const other = await fakesFor(plants, 'seed-2');
    expect(other).not.toEqual(one);
  });

  it('gives different plants different fakes', async () => {
    const fakes = await fakesFor(plants, 'seed-1');
    expect(new Set([...fakes.values()].map((body) => JSON.stringify(body))).size).toBeGreaterThan(
      1,
    );
  });

  it('takes the seed of a request from Prefer: seed=S', async () => {
    const server = await start({ mode: 'dynamic' });
    const first = await createPlant(server, { id: 1, name: 'Fern' }, { prefer: 'seed=abc' });
    const second = await createPlant(server, { id: 1, name: 'Fern' }, { prefer: 'seed=abc' });
    expect(second.body).toEqual(first.body);
  });

  it('answers with the static example for Prefer: dynamic=false', async () => {
    const server = await start({ mode: 'dynamic' });
    const answer = await createPlant(server, { id: 1, name: 'Fern' }, { prefer: 'dynamic=false' });
    expect(answer.body).toEqual({ name: 'Monstera', tag: 'tropical' });
  });
});

describe('bearer tokens', () => {
  it('accepts only the configured tokens', async () => {
    const server = await start({ tokens: ['alpha', 'beta'] });
    expect(
      (await createPlant(server, { id: 1, name: 'Fern' }, { authorization: 'Bearer beta' })).status,
    ).toBe(200);
    const refused = await createPlant(
      server,
      { id: 2, name: 'Fern' },
      { authorization: 'Bearer gamma' },
    );
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer .*error="invalid_token"/);
  });
});
