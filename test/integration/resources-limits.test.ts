import type { RunningMockServer } from 'plant-store-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerChecker } from '../support/answer-check.ts';
import { startTestServer } from '../support/mock-fetch.ts';

// Stateful resources near --store-limit and --store-size-limit: many sessions, many nested
// collections, items as large as the store holds and larger.
const spec = 'fixtures/specs/resources/orders-openapi31.yaml';
const sizeLimit = 64 * 1024;
const storeLimit = 200;

describe('resources at their store limits', () => {
  let server: RunningMockServer;
  const check = answerChecker(spec);
  beforeAll(async () => {
    server = await startTestServer({
      spec,
      mode: 'stateful',
      storeLimit,
      storeSizeLimit: sizeLimit,
      sessionLimit: 20,
    });
  });
  afterAll(() => server.close());

  const call = async (method: string, path: string, session: string, body?: unknown) => {
    const type = method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'x-mock-session': session, 'content-type': type },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
    };
  };

  // Before, it was answered 201 and forgotten at once: the next read was a 404.
  it('refuses an item longer than the whole --store-size-limit with 413 ITEM_TOO_LARGE, storing nothing', async () => {
    const huge = { sku: 'x'.repeat(sizeLimit), quantity: 1 };
    const refused = await call('POST', '/customers/c1/orders', 'big', huge);
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({
      message: expect.stringContaining('--store-size-limit') as unknown,
    });
    const listed = await call('GET', '/customers/c1/orders', 'big');
    expect(listed.body).toMatchObject({ items: [], total: 0 });
    // A change past it is refused too, and the item stays as it was.
    const created = await call('POST', '/customers/c1/orders', 'big', { sku: 'fern', quantity: 1 });
    expect(created.status).toBe(201);
    const { orderId } = created.body as { orderId: string };
    const path = `/customers/c1/orders/${orderId}`;
    expect((await call('PATCH', path, 'big', { note: 'n'.repeat(sizeLimit) })).status).toBe(413);
    expect((await call('GET', path, 'big')).body).toMatchObject({ sku: 'fern', quantity: 1 });
  });

  it('answers 1,000 writes over 50 sessions and 500 nested collections as the contract says, within both limits', async () => {
    const note = 'n'.repeat(2_000);
    for (let n = 0; n < 1_000; n++) {
      const path = `/customers/c${n % 500}/orders`;
      const answer = await call('POST', path, `s${n % 50}`, { sku: `sku-${n}`, quantity: 1, note });
      expect(answer.status).toBe(201);
      expect(check('POST', path, answer.status, answer.body, 'application/json')).toEqual([]);
    }
    // What every session still lists: at most the limits, the newest writes kept. Newest first:
    // a read touches its session, and past --session-limit the least recently used goes.
    let items = 0;
    let chars = 0;
    const skus: string[] = [];
    for (let s = 49; s >= 0; s--) {
      for (let c = s; c < 500; c += 50) {
        const listed = await call('GET', `/customers/c${c}/orders?pageSize=100`, `s${s}`);
        expect(listed.status).toBe(200);
        for (const item of (listed.body as { items: { sku: string }[] }).items) {
          skus.push(item.sku);
          items++;
          chars += JSON.stringify(item).length;
        }
      }
    }
    expect(items).toBeGreaterThan(10);
    expect(items).toBeLessThanOrEqual(storeLimit);
    expect(chars).toBeLessThanOrEqual(sizeLimit);
    expect(skus).toContain('sku-999');
  }, 120_000);
});
