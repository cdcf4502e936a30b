/** Bytes the ring starts with, and how much it grows by when the texts outgrow it. */
const initialBytes = 1024 * 1024;
// Address space reserved for the buffer to grow into in place: reserved, not used, until the
// texts need it. Past it (over 4 GiB of texts) the ring moves to a larger reservation.
const defaultReservedBytes = 2 ** 32;
// A tenth more each time: growing in place costs at most moving the older texts, and the buffer
// stays within a tenth of what the journal needs.
const growth = 1.1;

/**
 * Texts kept first in first out, at most `slots` of them, as UTF-8 in one buffer outside the
 * JavaScript heap, where the garbage collector never sees them (docs/design.md). The buffer grows
 * by a tenth when a text does not fit beside the others, so the number of texts, not their size,
 * is what bounds it; it grows in place (a resizable ArrayBuffer), never holding two copies.
 *
 * @example
 * const ring = createByteRing(2);
 * ring.push('a'); ring.push('b'); ring.push('c');
 * ring.at(0); // 'b': at most two are kept
 */
export function createByteRing(slots: number, reservedBytes = defaultReservedBytes) {
  let buffer = new ArrayBuffer(initialBytes, { maxByteLength: reservedBytes });
  // A view that follows the buffer's length as it grows and shrinks.
  let bytes = Buffer.from(buffer);
  const offsets = new Float64Array(slots);
  const lengths = new Float64Array(slots);
  let first = 0;
  let count = 0;

  const slotOf = (index: number): number => (first + index) % slots;
  const offsetAt = (slot: number): number => offsets[slot] as number;
  // An empty text takes one (unwritten) byte, so that no two texts start at the same offset: the
  // ring tells that its texts have gone round by the newest starting before the oldest.
  const endAt = (slot: number): number =>
    (offsets[slot] as number) + Math.max(lengths[slot] as number, 1);

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

  // Grows the buffer. When the texts wrap, the older run moves to the end of the larger buffer,
  // so the free space between the runs grows by what the buffer grew (a tenth over what they need).
  function grow(length: number): void {
    const capacity = bytes.length;
    const start = count === 0 ? 0 : offsetAt(slotOf(0));
    const end = count === 0 ? 0 : endAt(slotOf(count - 1));
    const wrapped = count > 0 && offsetAt(slotOf(count - 1)) < start;
    const needed = wrapped ? capacity - (start - end) + length : end + length;
    const grown = Math.ceil(Math.max(capacity, needed) * growth);
    if (grown <= buffer.maxByteLength) {
      buffer.resize(grown);
    } else {
      // Past the reservation: a larger one, and one copy.
      const larger = new ArrayBuffer(grown, { maxByteLength: grown * 2 });
      const view = Buffer.from(larger);
      bytes.copy(view, 0, 0, capacity);
      buffer = larger;
      bytes = view;
    }
    if (!wrapped) return;
    const by = grown - capacity;
    bytes.copy(bytes, start + by, start, capacity);
    for (let i = 0; i < count; i++) {
      const slot = slotOf(i);
      if (offsetAt(slot) >= start) offsets[slot] = offsetAt(slot) + by;
    }
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
    /** The bytes the buffer holds, used or not. */
    get capacity(): number {
      return bytes.length;
    },
    /** Keeps a text, dropping the oldest first when all slots are taken. */
    push(text: string): void {
      if (count === slots) shift();
      const length = Buffer.byteLength(text);
      const room = Math.max(length, 1);
      let at = placeFor(room);
      if (at === -1) {
        grow(room);
        at = placeFor(room);
      }
      bytes.write(text, at, length, 'utf8');
      const slot = slotOf(count);
      offsets[slot] = at;
      lengths[slot] = length;
      count++;
    },
    /** Drops the oldest text. */
    shift,
    /**
     * Where the text `index` places after the oldest is kept, from 0 to `slots - 1`: for a caller
     * that keeps something beside each text in arrays of its own.
     */
    slotAt: slotOf,
    /** The text `index` places after the oldest. */
    at(index: number): string {
      const slot = slotOf(index);
      const offset = offsetAt(slot);
      return bytes.toString('utf8', offset, offset + (lengths[slot] as number));
    },
    /**
     * Keeps only the texts `keep` says yes to, in order, moving their bytes within the buffer
     * (never decoding them, so a clear of one session costs a copy of the rest, not a parse).
     * Returns the slots the kept texts had; they now take slots 0, 1, ... in order.
     */
    retain(keep: (index: number) => boolean): number[] {
      const kept: number[] = [];
      for (let i = 0; i < count; i++) if (keep(i)) kept.push(slotOf(i));
      const texts = kept.map((slot): [number, number] => [offsetAt(slot), lengths[slot] as number]);
      compact(bytes, texts).forEach((offset, j) => {
        offsets[j] = offset;
        lengths[j] = texts[j]?.[1] ?? 0;
      });
      first = 0;
      count = kept.length;
      return kept;
    },
    /** Drops every text, and gives back what the buffer grew by. */
    clear(): void {
      first = 0;
      count = 0;
      // Shrinking hands the pages back at once.
      if (buffer.byteLength > initialBytes) buffer.resize(initialBytes);
    },
  };
}

// Moves texts ([offset, length], oldest first) together within `bytes`; returns their new offsets.
// Texts that went round to the front (a second run at lower offsets) move down to 0, the older
// run moves up to the end: each run is walked from the side it moves toward, so no text is
// written over before it is read.
function compact(bytes: Buffer, texts: [number, number][]): number[] {
  const wrap = texts.findIndex(([offset], i) => i > 0 && offset < (texts[i - 1]?.[0] ?? 0));
  const older = wrap === -1 ? [] : texts.slice(0, wrap);
  const front = wrap === -1 ? texts : texts.slice(wrap);
  const moved: number[] = [];
  let cursor = bytes.length;
  for (const [offset, length] of [...older].reverse()) {
    cursor -= Math.max(length, 1);
    bytes.copy(bytes, cursor, offset, offset + length);
    moved.unshift(cursor);
  }
  cursor = 0;
  for (const [offset, length] of front) {
    bytes.copy(bytes, cursor, offset, offset + length);
    moved.push(cursor);
    cursor += Math.max(length, 1);
  }
  return moved;
}
