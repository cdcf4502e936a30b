/** Bytes the ring starts with, and how much it grows by when the texts outgrow it. */
const initialBytes = 1024 * 1024;
// A quarter more each time: the copy is rare (a few dozen times up to 10,000 entries of 1 KiB),
// and the buffer stays within a quarter of what the journal needs.
const growth = 1.25;

/**
 * Texts kept first in first out, at most `slots` of them, as UTF-8 in one buffer outside the
 * JavaScript heap. The journal keeps its entries here: held as strings, every entry was copied by
 * the young-generation collector, promoted, and marked again by every full collection, which cost
 * the mock about a fifth of its throughput; here the garbage collector never sees them. The
 * buffer grows (by a quarter, the kept texts packed to its front) when a text does not fit beside
 * the others, so the number of texts, not their size, is what bounds it.
 *
 * @example
 * const ring = createByteRing(2);
 * ring.push('a'); ring.push('b'); ring.push('c');
 * ring.at(0); // 'b': at most two are kept
 */
export function createByteRing(slots: number) {
  let bytes = Buffer.allocUnsafeSlow(initialBytes);
  const offsets = new Float64Array(slots);
  const lengths = new Float64Array(slots);
  let first = 0;
  let count = 0;

  const slotOf = (index: number): number => (first + index) % slots;
  const offsetAt = (slot: number): number => offsets[slot] as number;
  const endAt = (slot: number): number => (offsets[slot] as number) + (lengths[slot] as number);

  // Where a text of `length` bytes fits beside the kept ones, or -1. The kept texts lie in one
  // run, or in two once writing went round to the front of the buffer.
  function placeFor(length: number): number {
    if (count === 0) return length <= bytes.length ? 0 : -1;
    const oldest = slotOf(0);
    const newest = slotOf(count - 1);
    const start = offsetAt(oldest);
    const end = endAt(newest);
    if (offsetAt(newest) >= start) {
      if (bytes.length - end >= length) return end;
      return start >= length ? 0 : -1;
    }
    return start - end >= length ? end : -1;
  }

  function grow(length: number): void {
    let used = 0;
    for (let i = 0; i < count; i++) used += lengths[slotOf(i)] as number;
    const next = Buffer.allocUnsafeSlow(Math.ceil(Math.max(bytes.length, used + length) * growth));
    let at = 0;
    for (let i = 0; i < count; i++) {
      const slot = slotOf(i);
      bytes.copy(next, at, offsetAt(slot), endAt(slot));
      offsets[slot] = at;
      at += lengths[slot] as number;
    }
    bytes = next;
  }

  function shift(): void {
    if (count === 0) return;
    first = (first + 1) % slots;
    count--;
  }

  return {
    get size(): number {
      return count;
    },
    /** Keeps a text, dropping the oldest first when all slots are taken. */
    push(text: string): void {
      if (count === slots) shift();
      const length = Buffer.byteLength(text);
      let at = placeFor(length);
      if (at === -1) {
        grow(length);
        at = placeFor(length);
      }
      bytes.write(text, at, length, 'utf8');
      const slot = slotOf(count);
      offsets[slot] = at;
      lengths[slot] = length;
      count++;
    },
    /** Drops the oldest text. */
    shift,
    /** The text `index` places after the oldest. */
    at(index: number): string {
      const slot = slotOf(index);
      return bytes.toString('utf8', offsetAt(slot), endAt(slot));
    },
    /** Drops every text, and gives back what the buffer grew by. */
    clear(): void {
      first = 0;
      count = 0;
      if (bytes.length > initialBytes) bytes = Buffer.allocUnsafeSlow(initialBytes);
    },
  };
}
