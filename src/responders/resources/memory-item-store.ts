import { createCreationQueue } from '../store/creation-queue.ts';
import { keyOf } from '../store/record-store.ts';
import type { StoreKey } from '../store/id-set.ts';
import {
  highestIntegerId,
  type ItemFixtures,
  type ItemLimit,
  type ItemStore,
} from './item-store.ts';

/** A session's writes to one collection: JSON text, or null where it deleted a fixture. */
interface Collection {
  items: Map<StoreKey, string | null>;
  /** The next integer id to assign. */
  next: number;
}

/** A session's collections; undefined once the session is evicted or reset. */
interface Namespace {
  collections: Map<string, Collection> | undefined;
}

interface Seeded {
  items: Map<StoreKey, string>;
  highest: number;
}

/**
 * An in-memory ItemStore. A session holds only what it wrote over the fixtures (they are shared):
 * a session costs nothing until it writes. At most `limit` writes and `chars` characters of
 * JSON are kept over all sessions; past either the oldest write is forgotten (a created item
 * goes, a changed fixture comes back). A write stays counted until it is the oldest, even once
 * deleted, so that forgetting costs the same at any size.
 *
 * @example
 * const items = createMemoryItemStore(new Map(), { limit: 100_000, chars: 32 * 2 ** 20 });
 * items.create('default', '/todos', 1, '{"id":1}'); // true
 * items.read('default', '/todos', 1); // '{"id":1}'
 */
export function createMemoryItemStore(
  initial: ItemFixtures,
  { limit, chars, onFull }: ItemLimit,
): ItemStore {
  let seeded = seedsOf(initial);
  const sessions = new Map<string, Namespace>();
  const written = createCreationQueue<Namespace>();
  let held = 0;
  let full = false;

  const collectionOf = (session: string, path: string): Collection => {
    let namespace = sessions.get(session);
    if (namespace?.collections === undefined) {
      namespace = { collections: new Map() };
      sessions.set(session, namespace);
    }
    const collections = namespace.collections as Map<string, Collection>;
    let collection = collections.get(path);
    if (collection === undefined) {
      collection = { items: new Map(), next: (seeded.get(path)?.highest ?? 0) + 1 };
      collections.set(path, collection);
    }
    return collection;
  };
  const peek = (session: string, path: string) => sessions.get(session)?.collections?.get(path);
  const current = (session: string, path: string, key: StoreKey): string | undefined => {
    const own = peek(session, path)?.items.get(key);
    return own === null ? undefined : (own ?? seeded.get(path)?.items.get(key));
  };

  // The queue names an entry by its namespace and `path\nkey`.
  const forget = (namespace: Namespace, entry: StoreKey): void => {
    const text = String(entry);
    const cut = text.indexOf('\n');
    const collection = namespace.collections?.get(text.slice(0, cut));
    const key = text.slice(cut + 1);
    const stored = /^[a-z]:/.test(key) ? key : Number(key);
    const json = collection?.items.get(stored);
    if (typeof json === 'string') held -= json.length;
    collection?.items.delete(stored);
  };
  function write(session: string, path: string, key: StoreKey, json: string | null): void {
    const collection = collectionOf(session, path);
    const before = collection.items.get(key);
    if (typeof before === 'string') held -= before.length;
    if (json !== null) held += json.length;
    collection.items.set(key, json);
    if (before === undefined) written.push(sessions.get(session) as Namespace, `${path}\n${key}`);
    while (written.size() > limit || held > chars) {
      if (!written.shift(forget)) break;
      if (!full) {
        full = true;
        onFull?.();
      }
    }
  }
  const drop = (session: string, keep: boolean): void => {
    const namespace = sessions.get(session);
    if (namespace === undefined) return;
    sessions.delete(session);
    for (const collection of namespace.collections?.values() ?? []) {
      for (const json of collection.items.values()) if (json !== null) held -= json.length;
    }
    namespace.collections = undefined;
    if (!keep) written.removeOwner(namespace);
  };
  const clear = (): void => {
    sessions.clear();
    written.clear();
    held = 0;
  };

  return {
    read: (session, path, id) => current(session, path, keyOf(id)),
    list(session, path) {
      const own = peek(session, path)?.items;
      const items: string[] = [];
      for (const [key, json] of seeded.get(path)?.items ?? []) {
        const mine = own?.get(key);
        if (mine !== null) items.push(mine ?? json);
      }
      for (const [key, json] of own ?? []) {
        if (json !== null && seeded.get(path)?.items.has(key) !== true) items.push(json);
      }
      return items;
    },
    create(session, path, id, json) {
      const key = keyOf(id);
      if (current(session, path, key) !== undefined) return false;
      write(session, path, key, json);
      const collection = collectionOf(session, path);
      if (Number.isSafeInteger(id)) collection.next = Math.max(collection.next, (id as number) + 1);
      return true;
    },
    replace(session, path, id, json, expected) {
      const key = keyOf(id);
      const now = current(session, path, key);
      if (now === undefined || (expected !== undefined && now !== expected)) return false;
      write(session, path, key, json);
      return true;
    },
    remove(session, path, id) {
      const key = keyOf(id);
      if (current(session, path, key) === undefined) return false;
      if (seeded.get(path)?.items.has(key) === true) write(session, path, key, null);
      else {
        const collection = collectionOf(session, path);
        held -= collection.items.get(key)?.length ?? 0;
        collection.items.delete(key);
      }
      return true;
    },
    nextId: (session, path) => collectionOf(session, path).next++,
    reset(session) {
      if (session === undefined) clear();
      else drop(session, false);
    },
    evict: (session) => {
      drop(session, true);
    },
    replaceFixtures(fixtures) {
      seeded = seedsOf(fixtures);
      clear();
    },
  };
}

function seedsOf(fixtures: ItemFixtures): Map<string, Seeded> {
  const seeds = new Map<string, Seeded>();
  for (const [path, items] of fixtures) {
    seeds.set(path, {
      items: new Map(items.map(({ id, json }) => [keyOf(id), json])),
      highest: highestIntegerId(items),
    });
  }
  return seeds;
}
