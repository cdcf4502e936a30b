import { allSessions } from '../sessions/session-of.ts';

/** What a reset read of one session: the ids of its entries, and the drops its pact counted. */
export interface SessionRead {
  ids: ReadonlySet<string>;
  /** Drops its pact counted (see Journal.droppedUnread). */
  counted: number;
}

/**
 * The in-memory journal's counts of entries dropped by its limit, per session with state; drops
 * of evicted sessions per hash bucket of the name, so memory stays bounded (a bucket shared
 * overcounts, never under). `baselines`: a bucket's count at the session's last clear.
 *
 * @example
 * const drops = createDropCounts(10_000);
 * drops.count('web', true); drops.of('web'); // 1
 */
export function createDropCounts(limit: number) {
  const own = new Map<string, number>();
  const evictedDrops = new Uint32Array(evictedBuckets);
  const baselines = new Map<string, number>();
  let droppedOfEvicted = 0;

  function countEvicted(session: string, count: number): void {
    const bucket = bucketOf(session);
    evictedDrops[bucket] = (evictedDrops[bucket] as number) + count;
    droppedOfEvicted += count;
  }
  const evictedOf = (session: string): number => {
    const count = evictedDrops[bucketOf(session)] as number;
    return count === 0 ? 0 : Math.max(0, count - (baselines.get(session) ?? 0));
  };
  // The session's count is now `left`, its evicted namesakes' drops so far seen.
  function settle(session: string, left: number): void {
    if (left > 0) own.set(session, left);
    else own.delete(session);
    const bucketCount = evictedDrops[bucketOf(session)] as number;
    baselines.delete(session);
    if (bucketCount === 0) return;
    // Bounded: past the limit the oldest baseline goes (that session is then more cautious).
    if (baselines.size >= limit) baselines.delete(baselines.keys().next().value as string);
    baselines.set(session, bucketCount);
  }

  const drops = {
    /** Counts a drop of the session's entry; `tracked`: the session has state. */
    count(session: string, tracked: boolean): void {
      if (tracked) own.set(session, (own.get(session) ?? 0) + 1);
      else countEvicted(session, 1);
    },
    /** The session's drops, and those of evicted sessions of its name; every drop for `*`. */
    of(session: string): number {
      if (session !== allSessions) return (own.get(session) ?? 0) + evictedOf(session);
      let total = droppedOfEvicted;
      for (const count of own.values()) total += count;
      return total;
    },
    /** Sessions with drops of their own now. */
    sessions: (): IterableIterator<string> => own.keys(),
    /** The session was evicted: its drops count as an evicted session's. */
    forget(session: string): void {
      countEvicted(session, own.get(session) ?? 0);
      own.delete(session);
      baselines.delete(session);
    },
    /**
     * The session's journal was cleared (every session's for `*`); with `read`, only what a reset
     * read: of each session read, the drops its pact counted and the entries it read that were
     * dropped since (`gone`) are settled, and later drops stay counted.
     */
    clear(
      session: string,
      read?: ReadonlyMap<string, SessionRead>,
      gone: (name: string) => number = () => 0,
    ): void {
      if (read !== undefined) {
        for (const [name, { counted }] of read) settle(name, drops.of(name) - counted - gone(name));
      } else if (session !== allSessions) settle(session, 0);
      if (session !== allSessions) return;
      // Every session: evicted sessions' drops go with their forgotten state.
      if (read === undefined) own.clear();
      evictedDrops.fill(0);
      baselines.clear();
      droppedOfEvicted = 0;
    },
  };
  return drops;
}

const evictedBuckets = 16_384;

// FNV-1a over the name's UTF-16 code units, to a bucket of evictedDrops.
function bucketOf(session: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < session.length; i++)
    hash = Math.imul(hash ^ session.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % evictedBuckets;
}
