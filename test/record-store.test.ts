import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../src/store/record-store.ts';

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
});
