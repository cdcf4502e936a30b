import { condenseTraffic } from '../pact/condense-traffic.ts';
import { createTimeSlices } from '../time-slices.ts';
import type { AdminDeps } from './admin-context.ts';

/** Writes to the ledger that another writer's room may refuse, before counts alone (which fit). */
const attempts = 3;

/**
 * Clears the session's journal (every session's for `*`), keeping first what its pact needs in the
 * pact ledger: a session's pact holds all it answered since it began, whatever resets came between.
 * Only the entries it read are cleared: a request recorded meanwhile stays for the next pact or reset.
 * Returns the sessions whose pacts kept traffic.
 */
export async function clearJournalKeepingPact(deps: AdminDeps, session: string): Promise<string[]> {
  const { hash, operations } = deps.contract.current;
  const condensers = new Map<string, ReturnType<typeof condenseTraffic>>();
  const read = new Set<string>();
  const slices = createTimeSlices();
  const pause = () => (slices.due() ? slices.turn() : undefined);
  const condenserOf = async (name: string) => {
    let condense = condensers.get(name);
    if (condense === undefined) {
      condense = condenseTraffic({ hash, operations }, pause);
      condensers.set(name, condense);
      const [previous] = await deps.pactLedger.read(name);
      await condense.carry(previous);
    }
    return condense;
  };
  for await (const entry of deps.journal.scan(session)) {
    (await condenserOf(entry.session)).add(entry);
    read.add(entry.id);
  }
  for (const [name, condense] of condensers) {
    condense.dropped(await deps.journal.dropped(name));
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const room = attempt === attempts ? 0 : await deps.pactLedger.room(name);
      if (await deps.pactLedger.write(name, await condense.finish(room))) break;
    }
  }
  await deps.journal.clear(session, read);
  return [...condensers.keys()];
}
