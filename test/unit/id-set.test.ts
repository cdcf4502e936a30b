import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createIdSet, type StoreKey } from '../../src/responders/store/id-set.ts';

// Ids that stress the table: neighbours, ids equal in their low or high 32 bits, the ends of the
// safe range, zero of both signs, numbers that are not safe integers, and tagged strings.
const key: fc.Arbitrary<StoreKey> = fc.oneof(
  fc.integer({ min: -40, max: 40 }),
  fc.integer({ min: -8, max: 8 }).map((high) => high * 4_294_967_296 + 7),
  fc.integer({ min: 0, max: 8 }).map((step) => step * 1_024),
  fc.constantFrom(
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
    -0,
    -5,
    2 ** 32 - 5,
    // Not safe integers: kept apart from the table, whose empty slots are NaN.
    NaN,
    1.5,
    2 ** 53,
    Infinity,
    2 ** 31,
    -(2 ** 31),
    2 ** 32,
    's:1',
    'j:1',
  ),
);

describe('the id set', () => {
  it('answers like a JS Set through any sequence of adds and deletes', () => {
    const operation = fc.record({ add: fc.boolean(), key });
    fc.assert(
      fc.property(fc.array(key), fc.array(operation, { maxLength: 600 }), (initial, operations) => {
        const ids = createIdSet(initial);
        const model = new Set<StoreKey>(initial);
        for (const { add, key: id } of operations) {
          if (add) {
            expect(ids.add(id)).toBe(!model.has(id));
            model.add(id);
          } else {
            ids.delete(id);
            model.delete(id);
          }
          expect(ids.size).toBe(model.size);
        }
        for (const id of model) expect(ids.has(id)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps 100,000 ids through growth and a full turnover', () => {
    const ids = createIdSet();
    const base = 5_000_000_000;
    for (let id = 0; id < 100_000; id += 1) expect(ids.add(base + id)).toBe(true);
    for (let id = 0; id < 100_000; id += 1) {
      ids.delete(base + id);
      expect(ids.add(base + 100_000 + id)).toBe(true);
    }
    expect(ids.size).toBe(100_000);
    expect(ids.has(base)).toBe(false);
    expect(ids.has(base + 99_999)).toBe(false);
    expect(ids.has(base + 100_000)).toBe(true);
    expect(ids.has(base + 199_999)).toBe(true);
    expect(ids.add(base + 150_000)).toBe(false);
    expect(ids.slots).toBe(2 ** 18);
  });

  // The store forgets a session's ids when other sessions create more (its limit is over all
  // sessions): an emptied session must not keep a table sized for its busiest moment.
  it('gives back its table as ids are deleted, keeping the rest', () => {
    const ids = createIdSet();
    for (let id = 0; id < 100_000; id += 1) ids.add(id);
    for (let id = 0; id < 99_990; id += 1) ids.delete(id);
    expect(ids.slots).toBeLessThanOrEqual(128);
    expect(ids.size).toBe(10);
    for (let id = 99_990; id < 100_000; id += 1) expect(ids.has(id)).toBe(true);
    expect(ids.has(0)).toBe(false);
  });

  // Ids arrive in request bodies. These all shared one home slot under the fixed multiplier the
  // table first hashed with (0x9e3779b1): storing them took 30 s. Hashed with multipliers drawn
  // for each set, they spread like any other ids.
  it('does not slow to a crawl on ids chosen to collide under a fixed hash', () => {
    const modulus = 2n ** 32n;
    let inverse = 1n;
    for (let step = 0; step < 6; step += 1)
      inverse = (inverse * (2n - 0x9e3779b1n * inverse)) % modulus;
    inverse = (inverse + modulus) % modulus;
    const ids = createIdSet();
    for (let n = 0n; n < 100_000n; n += 1n)
      expect(ids.add(Number((inverse * n) % modulus))).toBe(true);
    expect(ids.size).toBe(100_000);
  }, 10_000);
});
