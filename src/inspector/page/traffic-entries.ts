import type { Entry } from './entry.ts';

/**
 * The entries the page holds, newest first: those in the list, those held back while paused, and
 * those waiting for the next redraw, at most `maxEntries` of each (older ones leave first), with
 * the requests counted per session and the operations seen, for the filters' choices.
 *
 * @example
 * const traffic = createTrafficEntries(10_000);
 * traffic.take(batch); // oldest first, as the stream sends them
 * traffic.flush(paused);
 * traffic.shown(); // newest first
 */
export function createTrafficEntries(maxEntries: number) {
  let shown: Entry[] = [];
  let held: Entry[] = [];
  let incoming: Entry[] = [];
  const ids = new Set<string>();
  const sessionCounts = new Map<string, number>();
  const operations = new Set<string>();

  function count(entry: Entry): void {
    sessionCounts.set(entry.session, (sessionCounts.get(entry.session) ?? 0) + 1);
    if (entry.operationId !== null) operations.add(entry.operationId);
  }

  function trim(array: Entry[]): void {
    if (array.length <= maxEntries) return;
    for (const dropped of array.splice(maxEntries)) ids.delete(dropped.id);
  }

  return {
    shown: (): readonly Entry[] => shown,
    held: (): number => held.length,
    sessionCounts: sessionCounts as ReadonlyMap<string, number>,
    operations: operations as ReadonlySet<string>,
    newestId: (): string | undefined => shown[0]?.id ?? held[0]?.id,
    /**
     * Adds the entries not held yet (oldest first) to those waiting for a redraw: none (false),
     * some, or some of a session not seen before.
     */
    take(batch: readonly Entry[]): false | 'some' | 'new session' {
      const fresh = batch.filter((entry) => !ids.has(entry.id));
      if (fresh.length === 0) return false;
      let newSession = false;
      for (const entry of fresh) {
        ids.add(entry.id);
        newSession ||= !sessionCounts.has(entry.session);
        count(entry);
      }
      incoming = incoming.length === 0 ? fresh : incoming.concat(fresh);
      // A background tab draws no frames: what waits for one is bounded like the rest.
      if (incoming.length > maxEntries) {
        for (const dropped of incoming.splice(0, incoming.length - maxEntries))
          ids.delete(dropped.id);
      }
      return newSession ? 'new session' : 'some';
    },
    /** Moves the waiting entries to the list, or while paused to those held; how many moved. */
    flush(paused: boolean): number {
      if (incoming.length === 0) return 0;
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
    /** Moves the held entries to the list; false when none were held. */
    release(): boolean {
      if (held.length === 0) return false;
      shown = held.concat(shown);
      held = [];
      trim(shown);
      return true;
    },
    /**
     * Replaces the list with a journal read (newest first); entries that arrived since are newer
     * and stay above it, or held while paused.
     */
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
      for (const entry of [...shown, ...held]) count(entry);
    },
    /** Forgets a session's entries (every entry for `*`). */
    forget(session: string): void {
      const keep = (entry: Entry): boolean => session !== '*' && entry.session !== session;
      for (const entry of [...shown, ...held]) if (!keep(entry)) ids.delete(entry.id);
      shown = shown.filter(keep);
      held = held.filter(keep);
      if (session === '*') sessionCounts.clear();
      else sessionCounts.delete(session);
    },
  };
}
