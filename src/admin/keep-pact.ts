import { condenseTraffic } from '../pact/condense-traffic.ts';
import type { AdminDeps } from './admin-context.ts';

/** Writes to the ledger that another writer's room may refuse, before counts alone (which fit). */
const attempts = 3;

/**
 * Clears the session's journal (every session's for `*`), keeping first what its pact needs in the
 * pact ledger: a session's pact holds all it answered since it began, whatever resets came between.
 */
export async function clearJournalKeepingPact(deps: AdminDeps, session: string): Promise<void> {
  const { hash, operations } = deps.contract.current;
  const condensers = new Map<string, ReturnType<typeof condenseTraffic>>();
  const condenserOf = async (name: string) => {
    let condense = condensers.get(name);
    if (condense === undefined) {
      const [previous] = await deps.pactLedger.read(name);
      condense = condenseTraffic({ hash, operations }, previous);
      condensers.set(name, condense);
    }
    return condense;
  };
  for await (const entry of deps.journal.scan(session))
    (await condenserOf(entry.session)).add(entry);
  for (const [name, condense] of condensers) {
    condense.dropped(await deps.journal.dropped(name));
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const room = attempt === attempts ? 0 : await deps.pactLedger.room(name);
      if (await deps.pactLedger.write(name, condense.finish(room))) break;
    }
  }
  await deps.journal.clear(session);
}
