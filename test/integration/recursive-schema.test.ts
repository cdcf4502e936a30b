import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningMockServer } from 'plant-store-mock';
import { parse } from 'yaml';
import { loadContract } from '../../src/contract/load-contract.ts';
import { send, startTestServer } from '../support/mock-fetch.ts';
import { prismConfig } from '../support/prism-config.ts';

// A plant whose `child` is a plant (or null) and whose `offshoots` are plants.
const specUrl = new URL('../../fixtures/specs/recursive-plant.json', import.meta.url);
const document = JSON.parse(readFileSync(specUrl, 'utf8')) as { components: object };
const ajv = new Ajv2020({ strict: false });
ajv.addSchema({ $id: 'contract', components: document.components });
const isPlant = ajv.compile({ $ref: 'contract#/components/schemas/Plant' });
const isPlantList = ajv.compile({
  type: 'array',
  items: { $ref: 'contract#/components/schemas/Plant' },
});

let server: RunningMockServer;
beforeAll(async () => {
  server = await startTestServer({ spec: fileURLToPath(specUrl), mode: 'dynamic' });
});
afterAll(async () => {
  await server.close();
});

it('fakes valid bodies for a recursive schema in dynamic mode, a few levels deep', async () => {
  for (let seed = 0; seed < 20; seed++) {
    const one = await send(`${server.url}/plants/${seed}`, { headers: { prefer: `seed=${seed}` } });
    expect(one.status, one.text).toBe(200);
    expect(isPlant(one.body), `${JSON.stringify(isPlant.errors)} in ${one.text}`).toBe(true);
    const list = await send(`${server.url}/plants`, { headers: { prefer: `seed=${seed}` } });
    expect(list.status, list.text).toBe(200);
    expect(isPlantList(list.body), `${JSON.stringify(isPlantList.errors)} in ${list.text}`).toBe(
      true,
    );
  }
});

it('bounds the depth of a recursive fake', async () => {
  const depthOf = (plant: unknown): number =>
    plant === null || typeof plant !== 'object'
      ? 0
      : 1 +
        Math.max(
          depthOf((plant as { child?: unknown }).child),
          ...((plant as { offshoots?: unknown[] }).offshoots ?? []).map(depthOf),
        );
  for (let seed = 0; seed < 20; seed++) {
    const one = await send(`${server.url}/plants/1`, { headers: { prefer: `seed=${seed}` } });
    expect(one.status).toBe(200);
    expect(depthOf(one.body)).toBeLessThanOrEqual(8);
  }
});

it('answers a valid static sample for a recursive schema, the last level taking the way out', async () => {
  const staticServer = await startTestServer({ spec: fileURLToPath(specUrl), mode: 'static' });
  try {
    const one = await send(`${staticServer.url}/plants/1`);
    expect(one.status, one.text).toBe(200);
    expect(isPlant(one.body), `${JSON.stringify(isPlant.errors)} in ${one.text}`).toBe(true);
    expect(one.text).toContain('"child":null');
    const list = await send(`${staticServer.url}/plants`);
    expect(isPlantList(list.body), `${JSON.stringify(isPlantList.errors)} in ${list.text}`).toBe(
      true,
    );
    expect(list.headers.get('sl-violations')).toBeNull();
  } finally {
    await staticServer.close();
  }
});

it('leaves out, in a static sample, an optional recursive property at the last level', async () => {
  const treeUrl = new URL('../../fixtures/specs/category-tree.json', import.meta.url);
  const tree = JSON.parse(readFileSync(treeUrl, 'utf8')) as { components: object };
  const treeAjv = new Ajv2020({ strict: false });
  treeAjv.addSchema({ $id: 'tree', components: tree.components });
  const isCategory = treeAjv.compile({ $ref: 'tree#/components/schemas/Category' });
  const staticServer = await startTestServer({ spec: fileURLToPath(treeUrl), mode: 'static' });
  try {
    const one = await send(`${staticServer.url}/categories/1`);
    expect(one.status, one.text).toBe(200);
    expect(isCategory(one.body), `${JSON.stringify(isCategory.errors)} in ${one.text}`).toBe(true);
    expect((one.body as { parent?: unknown }).parent).toMatchObject({ name: 'string' });
  } finally {
    await staticServer.close();
  }
});

it("samples a recursive array statically at Prism's depth, ending in Prism's {} where the schema takes it", async () => {
  const threadUrl = new URL('../../fixtures/specs/comment-thread.yaml', import.meta.url);
  const contract = await loadContract(fileURLToPath(threadUrl));
  const operation = contract.operations[0];
  if (operation === undefined) throw new Error('comment-thread.yaml has no operation');
  const { createInstance } = await import('@stoplight/prism-http');
  const { createLogger } = await import('@stoplight/prism-core');
  const prism = createInstance(prismConfig(), {
    logger: createLogger('test', { level: 'silent' }),
  });
  const theirs = await prism.request(
    { method: 'get', url: { path: '/threads/1' }, headers: {}, body: undefined },
    [operation.resource],
    prismConfig({ checkSecurity: false, validateRequest: false }),
  )();
  if (theirs._tag === 'Left') throw theirs.left;

  const staticServer = await startTestServer({ spec: fileURLToPath(threadUrl), mode: 'static' });
  try {
    const one = await send(`${staticServer.url}/threads/1`);
    expect(one.status, one.text).toBe(200);
    expect(one.body).toEqual(theirs.right.output.body);
    expect(one.text).toContain('"replies":[{}]');
    const parsed = parse(readFileSync(threadUrl, 'utf8')) as { components: object };
    const threadAjv = new Ajv2020({ strict: false });
    threadAjv.addSchema({ $id: 'thread', components: parsed.components });
    const isThread = threadAjv.compile({
      type: 'object',
      properties: { first: { $ref: 'thread#/components/schemas/Comment' } },
    });
    expect(isThread(one.body), JSON.stringify(isThread.errors)).toBe(true);
    expect(one.headers.get('sl-violations')).toBeNull();
  } finally {
    await staticServer.close();
  }
});
