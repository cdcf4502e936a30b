import { expect, it } from 'vitest';
import type { ItemFixtures, ItemStore } from '../../src/responders/resources/item-store.ts';

type Make = (options: {
  fixtures?: ItemFixtures;
  limit?: number;
  chars?: number;
}) => Promise<ItemStore> | ItemStore;

const todo = (id: unknown, title = 'Water') => JSON.stringify({ id, title });
const seeds: ItemFixtures = new Map([['/todos', [{ id: 1, json: todo(1, 'Seeded') }]]]);

// The ItemStore's behaviour: the in-memory store (unit tests) and the Redis one (integration
// tests, with a redis-server) run this same suite.
export function itemStoreSuite(make: Make): void {
  it('reads back, lists in order, replaces and deletes, one collection apart from another', async () => {
    const items = await make({});
    expect(await items.create('a', '/todos', 1, todo(1))).toBe(true);
    expect(await items.create('a', '/todos', 1, todo(1))).toBe(false);
    expect(await items.create('a', '/todos', '1', todo('1'))).toBe(true);
    expect(await items.create('a', '/notes', 1, todo(1, 'Note'))).toBe(true);
    expect(await items.read('a', '/todos', 1)).toBe(todo(1));
    expect(await items.list('a', '/todos')).toEqual([todo(1), todo('1')]);
    expect(await items.replace('a', '/todos', 1, todo(1, 'Prune'))).toBe(true);
    expect(await items.replace('a', '/todos', 2, todo(2))).toBe(false);
    expect(await items.list('a', '/todos')).toEqual([todo(1, 'Prune'), todo('1')]);
    expect(await items.remove('a', '/todos', 1)).toBe(true);
    expect(await items.remove('a', '/todos', 1)).toBe(false);
    expect(await items.read('a', '/todos', 1)).toBeUndefined();
    expect(await items.list('a', '/notes')).toEqual([todo(1, 'Note')]);
  });

  it('replaces an item over the text it was read as only, a seeded one too', async () => {
    const items = await make({ fixtures: seeds });
    await items.create('a', '/todos', 2, todo(2));
    expect(await items.replace('a', '/todos', 2, todo(2, 'Late'), todo(2, 'Stale'))).toBe(false);
    expect(await items.replace('a', '/todos', 2, todo(2, 'Next'), todo(2))).toBe(true);
    expect(await items.read('a', '/todos', 2)).toBe(todo(2, 'Next'));
    expect(await items.replace('a', '/todos', 1, todo(1, 'Late'), todo(1))).toBe(false);
    expect(await items.replace('a', '/todos', 1, todo(1, 'Mine'), todo(1, 'Seeded'))).toBe(true);
    expect(await items.replace('a', '/todos', 3, todo(3), todo(3))).toBe(false);
    expect(await items.read('a', '/todos', 1)).toBe(todo(1, 'Mine'));
  });

  it('keeps sessions apart over shared fixtures, and puts them back on reset', async () => {
    const items = await make({ fixtures: seeds });
    expect(await items.create('a', '/todos', 1, todo(1))).toBe(false);
    await items.create('a', '/todos', 2, todo(2));
    await items.remove('a', '/todos', 1);
    await items.replace('b', '/todos', 1, todo(1, 'Changed'));
    expect(await items.list('a', '/todos')).toEqual([todo(2)]);
    expect(await items.list('b', '/todos')).toEqual([todo(1, 'Changed')]);
    expect(await items.list('c', '/todos')).toEqual([todo(1, 'Seeded')]);
    await items.reset('a');
    expect(await items.list('a', '/todos')).toEqual([todo(1, 'Seeded')]);
    expect(await items.read('b', '/todos', 1)).toBe(todo(1, 'Changed'));
    items.evict('b');
    await items.reset();
    expect(await items.list('b', '/todos')).toEqual([todo(1, 'Seeded')]);
  });

  it('counts integer ids up past the fixtures and every id given, per session and collection', async () => {
    const items = await make({ fixtures: seeds });
    expect(await items.nextId('a', '/todos')).toBe(2);
    expect(await items.nextId('a', '/todos')).toBe(3);
    await items.create('a', '/todos', 10, todo(10));
    expect(await items.nextId('a', '/todos')).toBe(11);
    expect(await items.nextId('b', '/todos')).toBe(2);
    expect(await items.nextId('a', '/notes')).toBe(1);
  });

  it('forgets the oldest write past the limit, and past the characters it may hold', async () => {
    const counted = await make({ fixtures: seeds, limit: 2 });
    await counted.replace('a', '/todos', 1, todo(1, 'Changed'));
    await counted.create('a', '/todos', 2, todo(2));
    await counted.create('b', '/todos', 3, todo(3));
    expect(await counted.read('a', '/todos', 1)).toBe(todo(1, 'Seeded'));
    expect(await counted.read('a', '/todos', 2)).toBe(todo(2));
    const sized = await make({ chars: 3 * todo(1).length });
    for (const id of [1, 2, 3, 4]) await sized.create('a', '/todos', id, todo(id));
    expect(await sized.list('a', '/todos')).toEqual([todo(2), todo(3), todo(4)]);
    await sized.replace('a', '/todos', 4, todo(4, 'x'.repeat(todo(1).length)));
    expect(await sized.read('a', '/todos', 2)).toBeUndefined();
  });
}
