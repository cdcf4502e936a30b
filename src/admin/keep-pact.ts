import type { SessionRead } from '../observe/journal.ts';
import { condenseTraffic } from '../pact/condense-traffic.ts';
import { allSessions } from '../sessions/session-of.ts';
import { createTimeSlices } from '../time-slices.ts';
import type { AdminDeps } from './admin-context.ts';

/** Writes to the ledger that another writer's room may refuse, before counts alone (which fit). */
const attempts = 3;

/**
 * Clears the session's journal (every session's for `*`), keeping first what its pact needs in the
 * pact ledger: a session's pact holds all it answered since it began, whatever resets came between.
 * Only the entries it read and the drops it counted are cleared: a request recorded or dropped
 * meanwhile stays for the next pact or reset, and an entry read then dropped counts once.
 * Returns the sessions whose pacts kept traffic.
 */
export async function clearJournalKeepingPact(deps: AdminDeps, session: string): Promise<string[]> {
  const { hash, operations } = deps.contract.current;
  const condensers = new Map<string, ReturnType<typeof condenseTraffic>>();
  const read = new Map<string, Set<string>>();
  const slices = createTimeSlices();
  const pause = () => (slices.due() ? slices.turn() : undefined);
  const condenserOf = async (name: string) => {
    let condense = condensers.get(name);
    if (condense === undefined) {
      condense = condenseTraffic({ hash, operations }, pause);
      condensers.set(name, condense);
      const [previous] = await deps.pactLedger.read(name);
      await condense.carry(previous);
      read.set(name, new Set());
    }
    return condense;
  };
  for await (const entry of deps.journal.scan(session)) {
    (await condenserOf(entry.session)).add(entry);
    read.get(entry.session)?.add(entry.id);
  }
  const kept = new Map<string, SessionRead>();
  for (const [name, drops] of await deps.journal.droppedUnread(session, read)) {
    const ids = read.get(name) ?? new Set<string>();
    // A session that only lost entries keeps them counted; every session's reset leaves out
    // evicted ones (keeping a pact would make them sessions again).
    if (
      ids.size === 0 &&
      (drops === 0 || (session === allSessions && !(await deps.sessions.has(name))))
    )
      continue;
    const condense = await condenserOf(name);
    condense.dropped(drops);
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const room = attempt === attempts ? 0 : await deps.pactLedger.room(name);
      if (await deps.pactLedger.write(name, await condense.finish(room))) break;
    }
    kept.set(name, { ids, counted: drops });
  }
  await deps.journal.clear(session, kept);
  return [...kept.keys()];
}
