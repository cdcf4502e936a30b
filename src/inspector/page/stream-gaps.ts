// At most this many gaps are kept (the oldest merged), so that a page left live under load holds
// a bounded list.
const maxGaps = 64;

/**
 * The event stream's gaps (entries left out over liveRate a second) since the list was last read
 * whole, each with the id of its last entry: a gap that a journal read covers is no gap any more.
 *
 * @example
 * const gaps = createStreamGaps();
 * gaps.add(12, '340');
 * gaps.missing(); // 12
 * gaps.coveredUpTo('400'); // a journal read up to 400 holds them: no gaps
 */
export function createStreamGaps() {
  let gaps: { count: number; lastId: number }[] = [];
  let covered = 0;
  let lastAt = -Infinity;
  return {
    /** False when a journal read already covers it. */
    add(count: number, lastId: string): boolean {
      if (Number(lastId) <= covered) return false;
      gaps.push({ count, lastId: Number(lastId) });
      // Merged gaps count as one that ends where the later one does: never fewer than were left out.
      if (gaps.length > maxGaps) {
        const [first, second] = gaps.splice(0, 2) as [(typeof gaps)[0], (typeof gaps)[0]];
        gaps.unshift({ count: first.count + second.count, lastId: second.lastId });
      }
      lastAt = performance.now();
      return true;
    },
    /** A journal read holds every entry up to `lastId`: gaps up to there are filled. */
    coveredUpTo(lastId: string | undefined): void {
      covered = Math.max(covered, Number(lastId ?? 0));
      gaps = gaps.filter((gap) => gap.lastId > covered);
    },
    any: (): boolean => gaps.length > 0,
    missing: (): number => gaps.reduce((total, gap) => total + gap.count, 0),
    /** Whether the stream left entries out within the last `ms`. */
    within: (ms: number): boolean => performance.now() - lastAt < ms,
  };
}
