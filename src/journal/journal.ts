import { createByteRing } from './byte-ring.ts';
import type { Interaction } from './interaction.ts';

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
  // Entries dropped from sessions evicted by the session limit (see createSessionTable): a count
  // per evicted session would grow with every session ever seen.
  let droppedOfEvicted = 0;

  const slotOf = (index: number): number => texts.slotAt(index);

  function dropOldest(): void {
    const session = sessions[slotOf(0)] as string;
    if (tracks(session)) dropped.set(session, (dropped.get(session) ?? 0) + 1);
    else droppedOfEvicted++;
    texts.shift();
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
