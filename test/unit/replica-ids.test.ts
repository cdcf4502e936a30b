import { expect, it } from 'vitest';
import { createReplicaIds } from '../../src/shared-state/replica-ids.ts';

it('hands out ids that grow, stay below 2^53 and differ between replicas', () => {
  const a = createReplicaIds(1);
  const b = createReplicaIds(2);
  const seen = new Set<number>();
  let last = 0;
  // More than 100 in one millisecond: the replica borrows the next millisecond, never repeats.
  for (let i = 0; i < 5_000; i++) {
    const id = a.next();
    expect(id).toBeGreaterThan(last);
    last = id;
    seen.add(id);
    seen.add(b.next());
  }
  expect(seen.size).toBe(10_000);
  expect(Number.isSafeInteger(last)).toBe(true);
});

it('refuses a slot outside 0-99', () => {
  expect(() => createReplicaIds(100)).toThrow(/0 to 99/);
  expect(() => createReplicaIds(-1)).toThrow(/0 to 99/);
});

it('goes on growing after moving to a lower slot within the same millisecond', () => {
  const ids = createReplicaIds(7);
  const before = ids.next();
  ids.moveTo(2);
  const after = ids.next();
  expect(after).toBeGreaterThan(before);
  expect(Math.floor(after / 100) % 100).toBe(2);
});
