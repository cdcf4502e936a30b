import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { RunningMockServer } from 'plant-store-mock';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { admin } from '../support/admin-fetch.ts';
import { auth, json, startTestServer } from '../support/mock-fetch.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const total = 50_000;
const workers = 32;
let server: RunningMockServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// Sends requests `from`..`to`-1 with a bounded number in flight.
async function sendCreates(from: number, to: number): Promise<void> {
  let next = from;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < to) {
        const id = next++;
        const response = await fetch(`${server.url}/plants`, {
          method: 'POST',
          headers: { ...auth, ...json, 'x-mock-session': `s${id % 4}` },
          body: JSON.stringify({ id, name: `Plant ${id}`, tag: 'load' }),
        });
        await response.arrayBuffer();
      }
    }),
  );
}

function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

it('keeps the default 10,000 entries after 50,000 requests, counts the dropped ones, and stays flat in memory', async () => {
  await sendCreates(0, 15_000);
  const heapWhenFull = heapAfterGc();
  await sendCreates(15_000, total);
  const heapAtEnd = heapAfterGc();

  const all = (await admin(server, '/requests?limit=1', { session: '*' })).body as {
    requests: { id: string }[];
    meta: { total: number; dropped: number };
  };
  expect(all.meta).toEqual({ total: 10_000, dropped: 40_000 });
  expect(all.requests[0]?.id).toBe(String(total));
  const one = (await admin(server, '/requests?limit=1', { session: 's1' })).body as {
    meta: { total: number; dropped: number };
  };
  expect(one.meta).toEqual({ total: 2_500, dropped: 10_000 });
  // Coverage is kept beside the journal, so dropped entries still count.
  const coverage = (await admin(server, '/coverage', { session: '*' })).body as {
    operations: { responses: Record<string, number> }[];
  };
  expect(coverage.operations[0]?.responses['200']).toBe(total);
  expect(heapAtEnd - heapWhenFull).toBeLessThan(16 * 1024 * 1024);
}, 180_000);
