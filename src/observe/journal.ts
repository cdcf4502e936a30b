import { parseExactJson } from '../parsing/exact-json.ts';
import type { MaybePromise } from '../maybe-promise.ts';
import { allSessions } from '../sessions/session-of.ts';
import { createByteRing } from './byte-ring.ts';
import type { Interaction } from '../interactions/interaction.ts';
import { createTimeSlices } from '../time-slices.ts';

/** The interaction journal: createJournal keeps it in memory; the Redis one answers later (MaybePromise). */
export interface Journal {
  /** Hands out the id of the next interaction, in order of arrival. */
  nextId(): string;
  /** Keeps an interaction's JSON text; `holdsBig`: it may hold integers past 2^53. */
  add(id: string, session: string, text: string, holdsBig?: boolean): void;
  /** The session's entries (every session's for `*`), oldest first or newest first. */
  scan(session: string, newestFirst?: boolean): AsyncIterable<Interaction>;
  get(session: string, id: string): MaybePromise<Interaction | undefined>;
  /** How many of the session's entries were dropped by the journal's limit. */
  dropped(session: string): MaybePromise<number>;
  /**
   * When the shared store lost its data (Redis restarted empty) if the session (every session
   * for `*`) was not cleared since: its earlier requests are gone. A journal in memory never is.
   */
  lostAt?(session: string): MaybePromise<string | undefined>;
  /** The session was evicted: its drop count goes to the evicted sessions' counters. */
  forget(session: string): void;
  /**
   * Forgets the session's entries (every entry for `*`); with `only`, just those of these ids, so
   * that entries recorded after a scan are not cleared unread (see clearJournalKeepingPact).
   */
  clear(session: string, only?: ReadonlySet<string>): MaybePromise<void>;
}

/**
 * The bounded interaction journal: at most `limit` entries over all sessions, the oldest dropped
 * first. Each entry is kept as its JSON text in a byte ring outside the JavaScript heap (see
 * createByteRing), with its id and session beside it for lookups; lookups parse again.
 *
 * @example
 * const journal = createJournal(10_000);
 * journal.add(interaction.id, interaction.session, JSON.stringify(interaction));
 * await journal.get('default', interaction.id); // the interaction, parsed again
 */
export function createJournal(
  limit: number,
  /** Whether a session still has state; drops of others count only toward the total. */
  tracks: (session: string) => boolean = () => true,
) {
  const texts = createByteRing(limit);
  // Beside each text, in the ring's slot for it: its id and its session.
  const ids = new Float64Array(limit);
  const sessions = new Array<string>(limit);
  // 1 where the text may hold integers past 2^53, read back exactly (see parseExactJson).
  const exact = new Uint8Array(limit);
  let nextId = 1;
  const dropped = new Map<string, number>();
  // Entries dropped from the front so far, and clears so far: a scan that let the event loop turn
  // finds its place again by them (see scan).
  let shiftedTotal = 0;
  let clears = 0;
  // Drops of evicted sessions, counted per hash bucket of the session's name so memory stays
  // bounded (a bucket shared overcounts, never under); `baselines`: a bucket's count at a clear.
  const evictedDrops = new Uint32Array(evictedBuckets);
  const baselines = new Map<string, number>();
  let droppedOfEvicted = 0;

  function countEvicted(session: string, count: number): void {
    const bucket = bucketOf(session);
    evictedDrops[bucket] = (evictedDrops[bucket] as number) + count;
    droppedOfEvicted += count;
  }

  function evictedDropsOf(session: string): number {
    const count = evictedDrops[bucketOf(session)] as number;
    return count === 0 ? 0 : Math.max(0, count - (baselines.get(session) ?? 0));
  }

  const slotOf = (index: number): number => texts.slotAt(index);

  function dropOldest(): void {
    const session = sessions[slotOf(0)] as string;
    if (tracks(session)) dropped.set(session, (dropped.get(session) ?? 0) + 1);
    else countEvicted(session, 1);
    texts.shift();
    shiftedTotal++;
  }

  const parse = (index: number): Interaction =>
    (exact[slotOf(index)] === 1
      ? parseExactJson(texts.at(index))
      : JSON.parse(texts.at(index))) as Interaction;

  return {
    nextId: (): string => String(nextId++),
    add(id: string, session: string, text: string, holdsBig = false): void {
      if (texts.size === limit) dropOldest();
      texts.push(text);
      const slot = slotOf(texts.size - 1);
      ids[slot] = Number(id);
      sessions[slot] = session;
      exact[slot] = holdsBig ? 1 : 0;
    },
    /**
     * The session's entries as of the call, oldest first (or `newestFirst`), yielding to the event
     * loop every few milliseconds so mock requests go on beside a long read. Entries dropped meanwhile
     * are skipped; a clear ends the scan.
     */
    async *scan(session: string, newestFirst = false): AsyncGenerator<Interaction> {
      const start = shiftedTotal;
      const end = shiftedTotal + texts.size;
      const clearsAtStart = clears;
      const slices = createTimeSlices();
      for (let n = 0; n < end - start; n++) {
        if (slices.due()) await slices.turn();
        // Its reader may have cleared the journal between two entries, as well as others between
        // two slices.
        if (clears !== clearsAtStart) return;
        const index = (newestFirst ? end - 1 - n : start + n) - shiftedTotal;
        if (index < 0) {
          if (newestFirst) return;
          continue;
        }
        if (session !== allSessions && sessions[slotOf(index)] !== session) continue;
        yield parse(index);
      }
    },
    get(session: string, id: string): Interaction | undefined {
      for (let i = 0; i < texts.size; i++) {
        const slot = slotOf(i);
        if (String(ids[slot]) === id && (session === allSessions || sessions[slot] === session))
          return parse(i);
      }
      return undefined;
    },
    /**
     * How many of the session's entries were dropped: its own count, plus drops of entries of a
     * session of that name that was evicted before (see evictedDrops).
     */
    dropped(session: string): number {
      if (session !== allSessions) return (dropped.get(session) ?? 0) + evictedDropsOf(session);
      let total = droppedOfEvicted;
      for (const count of dropped.values()) total += count;
      return total;
    },
    forget(session: string): void {
      countEvicted(session, dropped.get(session) ?? 0);
      dropped.delete(session);
      baselines.delete(session);
    },
    clear(session: string, only?: ReadonlySet<string>): void {
      const goes = (slot: number): boolean =>
        (session === allSessions || sessions[slot] === session) &&
        (only === undefined || only.has(String(ids[slot])));
      if (session === allSessions && only === undefined) texts.clear();
      else {
        // Moved, never parsed: a reset of one session beside a full journal of another's.
        const before = { ids: ids.slice(), sessions: sessions.slice(), exact: exact.slice() };
        texts
          .retain((index) => !goes(slotOf(index)))
          .forEach((slot, j) => {
            ids[j] = before.ids[slot] as number;
            sessions[j] = before.sessions[slot] as string;
            exact[j] = before.exact[slot] as number;
          });
      }
      sessions.fill('', texts.size);
      clears++;
      if (session === allSessions) {
        dropped.clear();
        evictedDrops.fill(0);
        baselines.clear();
        droppedOfEvicted = 0;
      } else {
        dropped.delete(session);
        const bucketCount = evictedDrops[bucketOf(session)] as number;
        baselines.delete(session);
        if (bucketCount > 0) {
          // Bounded: past the limit the oldest baseline goes (that session is then more cautious).
          if (baselines.size >= limit) baselines.delete(baselines.keys().next().value as string);
          baselines.set(session, bucketCount);
        }
      }
    },
  } satisfies Journal;
}

const evictedBuckets = 16_384;

// FNV-1a over the name's UTF-16 code units, to a bucket of evictedDrops.
function bucketOf(session: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < session.length; i++)
    hash = Math.imul(hash ^ session.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % evictedBuckets;
}
