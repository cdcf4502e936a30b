/**
 * The event stream's gaps (entries left out over its rate) since the list was last read whole,
 * each with the id of its last entry: a gap that a journal read covered is no gap any more. At
 * most `maxGaps` are kept, the oldest merged, so a page left live under load holds a bounded list.
 *
 * @example
 * const gaps = createStreamGaps();
 * gaps.note(12, '340'); // a `skipped` event
 * gaps.cover(400); // the journal read holds entries up to id 400
 */
export function createStreamGaps(maxGaps = 64) {
  let gaps: { count: number; lastId: number }[] = [];
  let coveredUpTo = 0;
  let lastAt = -Infinity;

  return {
    /** Entries left out and not yet read back. */
    get missing(): number {
      return gaps.reduce((total, gap) => total + gap.count, 0);
    },
    get any(): boolean {
      return gaps.length > 0;
    },
    /** When the stream last reported a gap (performance.now()). */
    get lastAt(): number {
      return lastAt;
    },

    /** A gap the stream reports; false when a journal read already covered it. */
    note(count: number, lastId: string): boolean {
      if (Number(lastId) <= coveredUpTo) return false;
      gaps.push({ count, lastId: Number(lastId) });
      // Merged gaps count as one that ends where the later one does: never fewer than were left out.
      if (gaps.length > maxGaps) {
        const [first, second] = gaps.splice(0, 2) as [(typeof gaps)[0], (typeof gaps)[0]];
        gaps.unshift({ count: first.count + second.count, lastId: second.lastId });
      }
      lastAt = performance.now();
      return true;
    },

    /** A journal read holds every entry up to this id (the stream may report gaps it covers later). */
    cover(upToId: number): void {
      coveredUpTo = Math.max(coveredUpTo, upToId);
      gaps = gaps.filter((gap) => gap.lastId > coveredUpTo);
    },
  };
}
