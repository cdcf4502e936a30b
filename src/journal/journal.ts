import type { Interaction } from './interaction.ts';

/** Where an entry is looked up: one session, or every session with `*`. */
export const allSessions = '*';

/**
 * The bounded interaction journal: at most `limit` entries over all sessions, the oldest dropped
 * first. Memory stays flat whatever the load.
 *
 * @example
 * const journal = createJournal(10_000);
 * journal.add(interaction);
 * journal.list('default'); // oldest first
 */
export function createJournal(limit: number) {
  const ring: (Interaction | undefined)[] = new Array<Interaction | undefined>(limit);
  let start = 0;
  let size = 0;
  let nextId = 1;
  const dropped = new Map<string, number>();

  function at(index: number): Interaction | undefined {
    return ring[(start + index) % limit];
  }

  function keep(predicate: (entry: Interaction) => boolean): void {
    const kept: Interaction[] = [];
    for (let i = 0; i < size; i++) {
      const entry = at(i);
      if (entry !== undefined && predicate(entry)) kept.push(entry);
    }
    ring.fill(undefined);
    kept.forEach((entry, i) => (ring[i] = entry));
    start = 0;
    size = kept.length;
  }

  return {
    /** Hands out the id of the next interaction, in order of arrival. */
    nextId: (): string => String(nextId++),
    add(entry: Interaction): void {
      if (size === limit) {
        const oldest = at(0);
        if (oldest !== undefined)
          dropped.set(oldest.session, (dropped.get(oldest.session) ?? 0) + 1);
        ring[start] = entry;
        start = (start + 1) % limit;
      } else {
        ring[(start + size) % limit] = entry;
        size++;
      }
    },
    /** The session's entries, oldest first. */
    list(session: string): Interaction[] {
      const found: Interaction[] = [];
      for (let i = 0; i < size; i++) {
        const entry = at(i);
        if (entry !== undefined && (session === allSessions || entry.session === session))
          found.push(entry);
      }
      return found;
    },
    get(session: string, id: string): Interaction | undefined {
      return this.list(session).find((entry) => entry.id === id);
    },
    dropped(session: string): number {
      if (session !== allSessions) return dropped.get(session) ?? 0;
      let total = 0;
      for (const count of dropped.values()) total += count;
      return total;
    },
    clear(session: string): void {
      if (session === allSessions) {
        ring.fill(undefined);
        start = 0;
        size = 0;
        dropped.clear();
        return;
      }
      keep((entry) => entry.session !== session);
      dropped.delete(session);
    },
    get size(): number {
      return size;
    },
  };
}

export type Journal = ReturnType<typeof createJournal>;
