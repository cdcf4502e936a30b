import { randomInt } from 'node:crypto';

/** Milliseconds since 2024-01-01. */
const epoch = Date.UTC(2024, 0, 1);
const replicaDigits = 9;
const perMs = 1_000;

/**
 * Ids unique over the replicas that share a store, in order of time across them as far as their
 * clocks agree, handed out without asking Redis (as UUIDv7 does): the milliseconds since 2024, a
 * random number the replica drew when it started, and a counter within the millisecond. Past
 * 1,000 ids in one millisecond the replica borrows the next one, so that its own ids always grow.
 * They are decimal strings past 2^53: compare them as BigInts.
 *
 * @example
 * const ids = createReplicaIds();
 * ids.next(); // '90720000000' + the replica's 9 digits + '000'
 */
export function createReplicaIds(replica = randomInt(10 ** replicaDigits)) {
  const middle = String(replica).padStart(replicaDigits, '0');
  let lastMs = 0;
  let count = 0;
  return {
    next(): string {
      const now = Date.now() - epoch;
      if (now > lastMs) {
        lastMs = now;
        count = 0;
      } else if (count === perMs) {
        lastMs++;
        count = 0;
      }
      return `${lastMs}${middle}${String(count++).padStart(3, '0')}`;
    },
  };
}

export type ReplicaIds = ReturnType<typeof createReplicaIds>;
