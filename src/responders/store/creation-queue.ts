import type { StoreKey } from './id-set.ts';

/**
 * The order in which ids were created, over all sessions, each with its owner (a session's
 * namespace): two parallel arrays used as a ring that doubles when full, so adding and forgetting
 * cost the same at any size, and once the store is at its limit the queue neither grows nor copies.
 */
export function createCreationQueue<Owner>() {
  const initialCapacity = 16;
  let owners = new Array<Owner | undefined>(initialCapacity);
  let keys = new Array<StoreKey>(initialCapacity);
  let head = 0;
  let size = 0;

  // The queue's entries oldest first, into arrays of `capacity` (at least size) slots.
  function rebuild(capacity: number, keep: (held: Owner) => boolean = () => true): void {
    const nextOwners = new Array<Owner | undefined>(capacity);
    const nextKeys = new Array<StoreKey>(capacity);
    let kept = 0;
    for (let i = 0; i < size; i++) {
      const at = (head + i) % keys.length;
      const held = owners[at] as Owner;
      if (!keep(held)) continue;
      nextOwners[kept] = held;
      nextKeys[kept] = keys[at] as StoreKey;
      kept++;
    }
    owners = nextOwners;
    keys = nextKeys;
    head = 0;
    size = kept;
  }

  return {
    size: () => size,
    push(held: Owner, key: StoreKey): void {
      if (size === keys.length) rebuild(keys.length * 2);
      const at = (head + size) % keys.length;
      owners[at] = held;
      keys[at] = key;
      size++;
    },
    /** Takes the oldest entry off the queue and hands it to `forget`; false when empty. */
    shift(forget: (held: Owner, key: StoreKey) => void): boolean {
      if (size === 0) return false;
      const held = owners[head] as Owner;
      const key = keys[head] as StoreKey;
      // Let go of the owner: it may be an evicted session's last reference.
      owners[head] = undefined;
      head = (head + 1) % keys.length;
      size--;
      forget(held, key);
      return true;
    },
    removeOwner(held: Owner): void {
      rebuild(keys.length, (owner) => owner !== held);
    },
    clear(): void {
      owners = new Array<Owner | undefined>(initialCapacity);
      keys = new Array<StoreKey>(initialCapacity);
      head = 0;
      size = 0;
    },
  };
}
