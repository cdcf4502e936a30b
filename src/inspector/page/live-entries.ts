import type { Entry } from './entry.ts';

/**
 * The page's entries, newest first: those shown, those held while the list is paused, and those
 * that arrived since the last redraw. Each list keeps at most `limit` (older ones leave first),
 * and an id is taken once. Counts per session and the operations seen feed the filters' choices.
 *
 * @example
 * const live = createLiveEntries(10_000);
 * live.take(batch); // oldest first, from the stream or a journal read
 * live.flush(paused); // at the next redraw
 */
export function createLiveEntries(limit: number) {
  let shown: Entry[] = [];
  let held: Entry[] = [];
  let incoming: Entry[] = [];
  const ids = new Set<string>();
  const sessionCounts = new Map<string, number>();
  const operations = new Set<string>();
  let newSession = false;

  function count(entry: Entry): void {
    sessionCounts.set(entry.session, (sessionCounts.get(entry.session) ?? 0) + 1);
    if (entry.operationId !== null) operations.add(entry.operationId);
  }

  function trim(array: Entry[]): void {
    if (array.length <= limit) return;
    for (const dropped of array.splice(limit)) ids.delete(dropped.id);
  }

  return {
    get shown(): readonly Entry[] {
      return shown;
    },
    get held(): readonly Entry[] {
      return held;
    },
    get waiting(): boolean {
      return incoming.length > 0;
    },
    sessionCounts: sessionCounts as ReadonlyMap<string, number>,
    operations: operations as ReadonlySet<string>,

    /** Takes entries that arrive oldest first; false when none of them was new. */
    take(batch: Entry[]): boolean {
      const fresh = batch.filter((entry) => !ids.has(entry.id));
      if (fresh.length === 0) return false;
      for (const entry of fresh) {
        ids.add(entry.id);
        newSession ||= !sessionCounts.has(entry.session);
        count(entry);
      }
      incoming = incoming.length === 0 ? fresh : incoming.concat(fresh);
      // A background tab draws no frames: what waits for one is bounded like the rest.
      if (incoming.length > limit) {
        for (const dropped of incoming.splice(0, incoming.length - limit)) ids.delete(dropped.id);
      }
      return true;
    },

    /** Puts what arrived in front of the shown list, or of the held one while paused; its size. */
    flush(paused: boolean): number {
      const batch = incoming.reverse();
      incoming = [];
      if (paused) {
        held = batch.concat(held);
        trim(held);
      } else {
        shown = batch.concat(shown);
        trim(shown);
      }
      return batch.length;
    },

    /** Shows what was held while paused; false when nothing was. */
    release(): boolean {
      if (held.length === 0) return false;
      shown = held.concat(shown);
      held = [];
      trim(shown);
      return true;
    },

    /** A journal read of the whole list, newest first: entries that arrived since stay above it. */
    replace(loaded: Entry[], paused: boolean): void {
      const loadedIds = new Set(loaded.map((entry) => entry.id));
      held = held.filter((entry) => !loadedIds.has(entry.id));
      incoming = incoming.filter((entry) => !loadedIds.has(entry.id));
      ids.clear();
      for (const entry of [...loaded, ...held, ...incoming]) ids.add(entry.id);
      shown = paused ? loaded : held.concat(loaded);
      if (!paused) held = [];
      trim(shown);
      sessionCounts.clear();
      // Every entry the page holds, those waiting for the next redraw too.
      for (const entry of [...shown, ...held, ...incoming]) count(entry);
    },

    /** Forgets a reset session's entries (`*`: every session's). */
    forget(session: string): void {
      const keep = (entry: Entry): boolean => session !== '*' && entry.session !== session;
      for (const entry of [...shown, ...held]) if (!keep(entry)) ids.delete(entry.id);
      shown = shown.filter(keep);
      held = held.filter(keep);
      if (session === '*') sessionCounts.clear();
      else sessionCounts.delete(session);
    },

    /** Whether a session appeared since this was last asked. */
    sawNewSession(): boolean {
      const seen = newSession;
      newSession = false;
      return seen;
    },
  };
}

export type LiveEntries = ReturnType<typeof createLiveEntries>;
