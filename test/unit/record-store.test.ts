import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../src/responders/store/record-store.ts';

describe('the stateful store', () => {
  it('keeps the newest `limit` ids, however many came before', () => {
    const store = createMemoryStore([], { limit: 10 });
    for (let id = 1; id <= 5_000; id += 1) expect(store.insert('default', id)).toBe(true);
    // The last ten are still taken; everything older was forgotten and can be created again.
    for (let id = 4_991; id <= 5_000; id += 1) expect(store.insert('default', id)).toBe(false);
    expect(store.insert('default', 4_990)).toBe(true);
    expect(store.insert('default', 1)).toBe(true);
  });

  it('tells the caller once, when it first forgets', () => {
    const forgotten: number[] = [];
    const store = createMemoryStore([], { limit: 2, onFull: () => forgotten.push(1) });
    for (const id of [1, 2, 3, 4, 5]) store.insert('default', id);
    expect(forgotten).toEqual([1]);
  });

  it('forgets in creation order across sessions, and a reset session leaves the order', () => {
    const store = createMemoryStore([], { limit: 3 });
    store.insert('a', 1);
    store.insert('b', 1);
    store.insert('a', 2);
    store.reset('a');
    store.insert('b', 2);
    store.insert('b', 3);
    // Three live ids (b:1, b:2, b:3): nothing forgotten yet.
    expect(store.insert('b', 1)).toBe(false);
    store.insert('b', 4);
    // Now b:1, the oldest, is gone.
    expect(store.insert('b', 1)).toBe(true);
    expect(store.insert('a', 1)).toBe(true);
  });

  it('never forgets fixtures, and tells 7 from "7" and ids past 2^53 apart', () => {
    const store = createMemoryStore([{ id: 7 }], { limit: 1 });
    expect(store.insert('default', 7)).toBe(false);
    expect(store.insert('default', '7')).toBe(true);
    expect(store.insert('default', 9_007_199_254_740_992n)).toBe(true);
    expect(store.insert('default', 9_007_199_254_740_993n)).toBe(true);
    expect(store.insert('default', 9_007_199_254_740_993n)).toBe(false);
    expect(store.insert('default', 7)).toBe(false);
  });

  it('answers like a plain list of the newest `limit` creations, whatever is done to it', () => {
    const session = fc.constantFrom('a', 'b', 'c');
    const operation = fc.oneof(
      { weight: 8, arbitrary: fc.record({ session, id: fc.integer({ min: 0, max: 60 }) }) },
      { weight: 1, arbitrary: fc.record({ reset: session }) },
      { weight: 1, arbitrary: fc.constant({ resetAll: true }) },
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.array(operation, { maxLength: 300 }),
        (limit, operations) => {
          const store = createMemoryStore([], { limit });
          let model: { session: string; id: number }[] = [];
          for (const op of operations) {
            if ('resetAll' in op) {
              store.reset();
              model = [];
            } else if ('reset' in op) {
              store.reset(op.reset);
              model = model.filter((entry) => entry.session !== op.reset);
            } else {
              const taken = model.some(
                (entry) => entry.session === op.session && entry.id === op.id,
              );
              expect(store.insert(op.session, op.id)).toBe(!taken);
              if (!taken) model = [...model, op].slice(-limit);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the stateful store with fixtures', () => {
  it('shares the fixtures between sessions instead of copying them into each', () => {
    const fixtures = Array.from({ length: 50_000 }, (_, i) => ({ id: i + 1, name: 'Fern' }));
    const store = createMemoryStore(fixtures, { limit: 100_000 });
    const before = process.memoryUsage().arrayBuffers;
    for (let session = 0; session < 200; session++) {
      expect(store.insert(`s-${session}`, 1)).toBe(false); // a fixture in every session
      expect(store.insert(`s-${session}`, 60_000)).toBe(true);
    }
    // A copy of 50,000 ids is a 1 MiB table: 200 sessions would hold 200 MiB.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(8 * 1024 * 1024);
  });

  it('forgets an evicted session at once, and a later session of that name starts afresh', () => {
    const store = createMemoryStore([{ id: 1 }], { limit: 3 });
    store.insert('a', 2);
    store.insert('a', 3);
    store.evict('a');
    expect(store.sessions).toBe(0);
    expect(store.insert('a', 2)).toBe(true);
    expect(store.insert('a', 1)).toBe(false);
    // The evicted ids still age out of the limit without touching the new session's id 2.
    store.insert('b', 4);
    store.insert('b', 5);
    expect(store.insert('a', 2)).toBe(false);
  });
});

it('keeps long string ids apart without holding them whole', () => {
  const store = createMemoryStore([], { limit: 10 });
  const long = 'x'.repeat(100_000);
  expect(store.insert('default', long)).toBe(true);
  expect(store.insert('default', long)).toBe(false);
  expect(store.insert('default', `${long}y`)).toBe(true);
  expect(store.insert('default', { id: long })).toBe(true);
  expect(store.insert('default', { id: long })).toBe(false);
});
