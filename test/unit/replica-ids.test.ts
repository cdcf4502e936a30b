import { expect, it, vi } from 'vitest';
import { createReplicaIds } from '../../src/shared-state/replica-ids.ts';

it('hands out ids that grow and differ between replicas, past 1,000 in one millisecond', () => {
  const a = createReplicaIds();
  const b = createReplicaIds();
  const seen = new Set<string>();
  let last = 0n;
  // More than 1,000 in one millisecond: the replica borrows the next millisecond, never repeats.
  for (let i = 0; i < 5_000; i++) {
    const id = a.next();
    expect(id).toMatch(/^\d+$/);
    expect(BigInt(id)).toBeGreaterThan(last);
    last = BigInt(id);
    seen.add(id);
    seen.add(b.next());
  }
  expect(seen.size).toBe(10_000);
});

it('gives a thousand replicas started at once ids of their own, with no slot to hold', () => {
  const seen = new Set<string>();
  for (let replica = 0; replica < 1_000; replica++) {
    const ids = createReplicaIds();
    for (let i = 0; i < 5; i++) seen.add(ids.next());
  }
  expect(seen.size).toBe(5_000);
});

it('orders the ids of replicas by the time they were handed out, as far as the clocks agree', () => {
  vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
  try {
    const [a, b] = [createReplicaIds(999_999_999), createReplicaIds(0)];
    const first = a.next();
    vi.advanceTimersByTime(1);
    const second = b.next();
    expect(BigInt(second)).toBeGreaterThan(BigInt(first));
    // Its own clock going back does not make a replica's ids go back.
    vi.setSystemTime(Date.UTC(2025, 0, 1));
    expect(BigInt(b.next())).toBeGreaterThan(BigInt(second));
  } finally {
    vi.useRealTimers();
  }
});
