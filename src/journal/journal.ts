import { setImmediate as nextTurn } from 'node:timers/promises';
import { createByteRing } from './byte-ring.ts';
import type { Interaction } from './interaction.ts';

/**
 * How long a journal scan runs before it lets the event loop turn: admin reads over 10,000
 * entries of 16 KB held every mock request behind them for 2 to 12 s when read in one go.
 */
const sliceMs = 8;

/** Where an entry is looked up: one session, or every session with `*`. */
export const allSessions = '*';

/**
 * The bounded interaction journal: at most `limit` entries over all sessions, the oldest dropped
 * first. Each entry is kept as its JSON text in a byte ring outside the JavaScript heap (see
 * createByteRing), with its id and session beside it for lookups; lookups parse again.
 *
 * @example
 * const journal = createJournal(10_000);
 * journal.add(interaction.id, interaction.session, JSON.stringify(interaction));
 * journal.list('default'); // oldest first
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
  let nextId = 1;
  const dropped = new Map<string, number>();
  // Entries dropped from the front so far, and clears so far: a scan that let the event loop turn
  // finds its place again by them (see scan).
  let shiftedTotal = 0;
  let clears = 0;
  // Entries dropped from sessions evicted by the session limit (see createSessionTable): a count
  // per evicted session would grow with every session ever seen.
  let droppedOfEvicted = 0;

  const slotOf = (index: number): number => texts.slotAt(index);

  function dropOldest(): void {
    const session = sessions[slotOf(0)] as string;
    if (tracks(session)) dropped.set(session, (dropped.get(session) ?? 0) + 1);
    else droppedOfEvicted++;
    texts.shift();
    shiftedTotal++;
  }

  function push(id: number, session: string, text: string): void {
    texts.push(text);
    const slot = slotOf(texts.size - 1);
    ids[slot] = id;
    sessions[slot] = session;
  }

  // Positions of the session's entries (every entry for `*`), oldest first.
  function positions(session: string): number[] {
    const found: number[] = [];
    for (let i = 0; i < texts.size; i++) {
      if (session === allSessions || sessions[slotOf(i)] === session) found.push(i);
    }
    return found;
  }

  const parse = (index: number): Interaction => JSON.parse(texts.at(index)) as Interaction;

  return {
    /** Hands out the id of the next interaction, in order of arrival. */
    nextId: (): string => String(nextId++),
    /** Keeps an interaction: its id, its session, and its JSON text. */
    add(id: string, session: string, text: string): void {
      if (texts.size === limit) dropOldest();
      push(Number(id), session, text);
    },
    /** The session's entries, oldest first. */
    list(session: string): Interaction[] {
      return positions(session).map(parse);
    },
    /**
     * The session's entries as of the call, oldest first (newest first with `newestFirst`),
     * parsed one at a time. Every few milliseconds of work (its own and its reader's) it lets
     * the event loop turn, so that mock requests go on beside a long admin read. Entries dropped
     * meanwhile are skipped; a clear ends the scan.
     */
    async *scan(session: string, newestFirst = false): AsyncGenerator<Interaction> {
      const start = shiftedTotal;
      const end = shiftedTotal + texts.size;
      const clearsAtStart = clears;
      let sliceStart = performance.now();
      for (let n = 0; n < end - start; n++) {
        if (performance.now() - sliceStart > sliceMs) {
          await nextTurn();
          sliceStart = performance.now();
        }
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
      const index = positions(session).find((i) => String(ids[slotOf(i)]) === id);
      return index === undefined ? undefined : parse(index);
    },
    dropped(session: string): number {
      if (session !== allSessions) return dropped.get(session) ?? 0;
      let total = droppedOfEvicted;
      for (const count of dropped.values()) total += count;
      return total;
    },
    /** Forgets the session's drop count (the session was evicted); the total keeps it. */
    forget(session: string): void {
      droppedOfEvicted += dropped.get(session) ?? 0;
      dropped.delete(session);
    },
    clear(session: string): void {
      const others =
        session === allSessions
          ? []
          : positions(allSessions)
              .filter((i) => sessions[slotOf(i)] !== session)
              .map((i) => ({
                id: ids[slotOf(i)] as number,
                session: sessions[slotOf(i)] as string,
                text: texts.at(i),
              }));
      texts.clear();
      sessions.fill('');
      clears++;
      for (const entry of others) push(entry.id, entry.session, entry.text);
      if (session === allSessions) {
        dropped.clear();
        droppedOfEvicted = 0;
      } else dropped.delete(session);
    },
    get size(): number {
      return texts.size;
    },
  };
}

export type Journal = ReturnType<typeof createJournal>;
