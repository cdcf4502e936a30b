/** Milliseconds since 2024-01-01: ids stay below 2^53 until the year 2052. */
const epoch = Date.UTC(2024, 0, 1);
/** Replicas that can share a store at once: each holds one slot (see leaseReplicaSlot). */
export const slots = 100;
const perMs = 100;

/**
 * Numeric ids unique over the replicas that share a store, in order of time across them, handed
 * out without asking Redis: the milliseconds since 2024, then the replica's slot (0-99, leased from
 * Redis: see leaseReplicaSlot), then a counter within the millisecond. Past 100 ids in one
 * millisecond the replica borrows the next one, so its own ids always grow.
 *
 * @example
 * const ids = createReplicaIds(3);
 * ids.next(); // 1_000_000_000_000_000 or so: ms * 10,000 + 3 * 100 + n
 */
export function createReplicaIds(slot: number) {
  if (!Number.isInteger(slot) || slot < 0 || slot >= slots) {
    throw new RangeError(`A replica's slot is 0 to ${slots - 1}, not ${slot}.`);
  }
  let lastMs = 0;
  let count = 0;
  return {
    next(): number {
      const now = Date.now() - epoch;
      if (now > lastMs) {
        lastMs = now;
        count = 0;
      } else if (count === perMs) {
        lastMs++;
        count = 0;
      }
      return (lastMs * slots + slot) * perMs + count++;
    },
    /**
     * Goes on in another slot (the lease of this one was lost to another replica), from the next
     * millisecond on, so that its ids still grow.
     */
    moveTo(other: number): void {
      slot = other;
      lastMs++;
      count = 0;
    },
  };
}

export type ReplicaIds = ReturnType<typeof createReplicaIds>;
