import { parseExactJson } from '../parsing/exact-json.ts';
import type { MaybePromise } from '../maybe-promise.ts';
import { allSessions } from '../sessions/session-of.ts';
import { createByteRing } from './byte-ring.ts';
import { createDropCounts, type SessionRead } from './drop-counts.ts';
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
   * Of each session read (and of every session with drops for `*`, or of `session`), the drops
   * but those of the entries read (a reset read them, then the limit dropped them): what the
   * session's pact has not counted yet.
   */
  droppedUnread(
    session: string,
    read: ReadonlyMap<string, ReadonlySet<string>>,
  ): MaybePromise<Map<string, number>>;
  /**
   * When the shared store lost its data (Redis restarted empty) if the session (every session
   * for `*`) was not cleared since: its earlier requests are gone. A journal in memory never is.
   */
  lostAt?(session: string): MaybePromise<string | undefined>;
  /** The session was evicted: its drop count goes to the evicted sessions' counters. */
  forget(session: string): void;
  /**
   * Forgets the session's entries (every entry for `*`) and their drops; with `read`, just the
   * entries a reset read and the drops its pact counted (see clearJournalKeepingPact), so that
   * entries recorded and drops counted meanwhile stay for the next pact.
   */
  clear(session: string, read?: ReadonlyMap<string, SessionRead>): MaybePromise<void>;
}

export type { SessionRead };

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
  const drops = createDropCounts(limit);
  // Entries dropped from the front so far, and clears so far: a scan that let the event loop turn
  // finds its place again by them (see scan).
  let shiftedTotal = 0;
  let clears = 0;

  const slotOf = (index: number): number => texts.slotAt(index);

  function dropOldest(): void {
    const session = sessions[slotOf(0)] as string;
    drops.count(session, tracks(session));
    texts.shift();
    shiftedTotal++;
  }

  // Per session, how many of the entries of these ids the journal holds.
  function held(read: ReadonlyMap<string, { has(id: string): boolean }>): Map<string, number> {
    const counts = new Map<string, number>();
    for (let i = 0; i < texts.size; i++) {
      const slot = slotOf(i);
      const session = sessions[slot] as string;
      if (read.get(session)?.has(String(ids[slot])) === true)
        counts.set(session, (counts.get(session) ?? 0) + 1);
    }
    return counts;
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
    dropped: (session: string): number => drops.of(session),
    droppedUnread(
      session: string,
      read: ReadonlyMap<string, ReadonlySet<string>>,
    ): Map<string, number> {
      const names = new Set([
        ...read.keys(),
        ...(session === allSessions ? drops.sessions() : [session]),
      ]);
      const kept = held(read);
      const unread = new Map<string, number>();
      for (const name of names) {
        const gone = (read.get(name)?.size ?? 0) - (kept.get(name) ?? 0);
        unread.set(name, Math.max(0, drops.of(name) - gone));
      }
      return unread;
    },
    forget(session: string): void {
      drops.forget(session);
    },
    clear(session: string, read?: ReadonlyMap<string, SessionRead>): void {
      const goes = (slot: number): boolean =>
        (session === allSessions || sessions[slot] === session) &&
        (read === undefined ||
          read.get(sessions[slot] as string)?.ids.has(String(ids[slot])) === true);
      const readIds =
        read === undefined ? undefined : new Map([...read].map(([name, { ids }]) => [name, ids]));
      const before = readIds === undefined ? undefined : held(readIds);
      if (session === allSessions && read === undefined) texts.clear();
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
      // The entries read that the limit dropped before this clear: their drops are no loss.
      const gone = (name: string): number =>
        (read?.get(name)?.ids.size ?? 0) - (before?.get(name) ?? 0);
      drops.clear(session, read, gone);
    },
  } satisfies Journal;
}
