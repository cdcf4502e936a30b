import type { Interaction } from './interaction.ts';

/** Where an entry is looked up: one session, or every session with `*`. */
export const allSessions = '*';

/** An entry as kept: the interaction as one JSON string, with what lookups need beside it. */
interface Kept {
  id: string;
  session: string;
  text: string;
}

/**
 * The bounded interaction journal: at most `limit` entries over all sessions, the oldest dropped
 * first. Each entry is kept as one JSON string, not as the dozens of objects an interaction is:
 * the garbage collector then has ten thousand strings to look at instead of hundreds of thousands
 * of objects, which keeps its pauses (and the mock's tail latency) short. Lookups parse again.
 *
 * @example
 * const journal = createJournal(10_000);
 * journal.add(interaction, JSON.stringify(interaction));
 * journal.list('default'); // oldest first
 */
export function createJournal(limit: number) {
  const ring: (Kept | undefined)[] = new Array<Kept | undefined>(limit);
  let start = 0;
  let size = 0;
  let nextId = 1;
  const dropped = new Map<string, number>();

  function at(index: number): Kept | undefined {
    return ring[(start + index) % limit];
  }

  function kept(session: string): Kept[] {
    const found: Kept[] = [];
    for (let i = 0; i < size; i++) {
      const entry = at(i);
      if (entry !== undefined && (session === allSessions || entry.session === session))
        found.push(entry);
    }
    return found;
  }

  return {
    /** Hands out the id of the next interaction, in order of arrival. */
    nextId: (): string => String(nextId++),
    /** Keeps an interaction; `text` is its JSON, made once for the journal and the record file. */
    add(entry: Interaction, text: string): void {
      const item = { id: entry.id, session: entry.session, text };
      if (size === limit) {
        const oldest = at(0);
        if (oldest !== undefined)
          dropped.set(oldest.session, (dropped.get(oldest.session) ?? 0) + 1);
        ring[start] = item;
        start = (start + 1) % limit;
      } else {
        ring[(start + size) % limit] = item;
        size++;
      }
    },
    /** The session's entries, oldest first. */
    list(session: string): Interaction[] {
      return kept(session).map((entry) => JSON.parse(entry.text) as Interaction);
    },
    get(session: string, id: string): Interaction | undefined {
      const entry = kept(session).find((item) => item.id === id);
      return entry === undefined ? undefined : (JSON.parse(entry.text) as Interaction);
    },
    dropped(session: string): number {
      if (session !== allSessions) return dropped.get(session) ?? 0;
      let total = 0;
      for (const count of dropped.values()) total += count;
      return total;
    },
    clear(session: string): void {
      const others =
        session === allSessions
          ? []
          : kept(allSessions).filter((entry) => entry.session !== session);
      ring.fill(undefined);
      others.forEach((entry, i) => (ring[i] = entry));
      start = 0;
      size = others.length;
      if (session === allSessions) dropped.clear();
      else dropped.delete(session);
    },
    get size(): number {
      return size;
    },
  };
}

export type Journal = ReturnType<typeof createJournal>;
