import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createByteRing } from '../../src/observe/byte-ring.ts';

// Texts from a few bytes to past the ring's first megabyte, in and beyond ASCII.
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer({ min: 100_000, max: 1_500_000 }).map((length) => 'é'.repeat(length / 2)),
);
const operation = fc.oneof(
  { weight: 4, arbitrary: text.map((value) => ({ push: value })) },
  { weight: 1, arbitrary: fc.constant({ shift: true as const }) },
  { weight: 1, arbitrary: fc.constant({ clear: true as const }) },
  // Keeps the texts whose index is not `k` modulo `m` (a clear of one session's entries).
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.nat(4), fc.integer({ min: 1, max: 4 }))
      .map(([k, m]) => ({ retain: (i: number) => i % m !== k % m })),
  },
);

describe('the byte ring the journal keeps its entries in', () => {
  // The second reservation is outgrown by the larger texts: the ring moves to a larger one.
  it.each([
    ['within its reserved address space', undefined],
    ['past its reserved address space', 1_200_000],
  ])(
    'holds the same texts in the same order as a plain bounded list, through pushes, shifts, clears and retains, %s',
    (_, reserved) => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 6 }),
          fc.array(operation, { maxLength: 60 }),
          (slots, operations) => {
            const ring = createByteRing(slots, reserved);
            let model: string[] = [];
            for (const op of operations) {
              if ('push' in op) {
                ring.push(op.push);
                model = [...model, op.push].slice(-slots);
              } else if ('shift' in op) {
                ring.shift();
                model = model.slice(1);
              } else if ('retain' in op) {
                const slots = Array.from({ length: ring.size }, (_, i) => ring.slotAt(i));
                expect(ring.retain(op.retain)).toEqual(slots.filter((_, i) => op.retain(i)));
                model = model.filter((_, i) => op.retain(i));
              } else {
                ring.clear();
                model = [];
              }
              expect(ring.size).toBe(model.length);
              expect(Array.from({ length: ring.size }, (_, i) => ring.at(i))).toEqual(model);
            }
          },
        ),
        { numRuns: 200 },
      );
    },
  );

  it('grows while its texts have gone round to the front of the buffer, keeping their order', () => {
    const kib = (n: number, fill: string) => fill.repeat(n * 1024);
    const ring = createByteRing(8);
    ring.push(kib(400, 'a'));
    ring.push(kib(400, 'b'));
    ring.shift();
    // 300 KiB do not fit behind b in the first 1 MiB, so c goes round to the front ...
    ring.push(kib(300, 'c'));
    // ... and d fits neither behind c nor behind b: the buffer has to grow.
    ring.push(kib(200, 'd'));
    ring.push(kib(100, 'e'));
    expect(Array.from({ length: ring.size }, (_, i) => ring.at(i))).toEqual([
      kib(400, 'b'),
      kib(300, 'c'),
      kib(200, 'd'),
      kib(100, 'e'),
    ]);
  });

  it('goes round the buffer many times without losing or mixing texts', () => {
    const ring = createByteRing(100);
    for (let n = 0; n < 20_000; n++) ring.push(`{"id":${n},"pad":"${'x'.repeat(n % 700)}"}`);
    expect(ring.size).toBe(100);
    expect(JSON.parse(ring.at(0))).toMatchObject({ id: 19_900 });
    expect(JSON.parse(ring.at(99))).toMatchObject({ id: 19_999 });
  });

  it('stays within a tenth of what its texts need when they grow longer', () => {
    const ring = createByteRing(1_000);
    let needed = 0;
    // Short texts first, then longer ones, as when a run of valid requests gives way to invalid
    // ones: each new text is longer than the one it replaces.
    for (let n = 0; n < 6_000; n++) {
      ring.push('x'.repeat(700 + Math.floor(n / 1_000) * 300));
      if (n >= 5_000) needed = Math.max(needed, 2_200 * 1_000);
    }
    expect(ring.at(0)).toHaveLength(2_200);
    expect(ring.capacity).toBeGreaterThanOrEqual(needed);
    expect(ring.capacity).toBeLessThanOrEqual(1.1 * (needed + 2_200));
  });

  it('keeps an empty text that lands where the oldest starts without overwriting it later', () => {
    const ring = createByteRing(10);
    ring.push('a'.repeat(600_000));
    ring.push('b'.repeat(448_576));
    ring.shift();
    ring.push('c'.repeat(600_000));
    // The front of the buffer is now full up to where the b's start.
    ring.push('');
    ring.push('x');
    expect(Array.from({ length: ring.size }, (_, i) => ring.at(i))).toEqual([
      'b'.repeat(448_576),
      'c'.repeat(600_000),
      '',
      'x',
    ]);
  });
});
