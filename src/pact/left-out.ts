import type { Interaction } from '../interactions/interaction.ts';

/** A journal entry, as the pact reads it. */
export type JournalEntry = Interaction;

/** Entries left out of a pact for one reason: how many, and the ids of the first ten. */
export interface LeftOut {
  kind: LeftOutKind;
  reason: string;
  count: number;
  ids: string[];
}

/** How many ids a LeftOut lists; `count` says how many there were. */
const listedIds = 10;

/**
 * Why entries are left out of a pact, each kind with the reason written for it, in the order a
 * pact's answer reports them.
 */
const reasons = {
  'unknown-session':
    'The session has recorded nothing (or was evicted by --session-limit): the pact is empty. Make sure the requests carry the same X-Mock-Session.',
  'empty-journal': 'The session recorded no interactions: the pact is empty.',
  dropped:
    'The full journal dropped these entries of the session before the pact was built, so the pact may miss what they exercised. Make sure --journal-limit holds a whole test run.',
  'store-lost':
    'The shared store (Redis) lost its data since the pact began (it restarted empty): what the session answered before, and what its pact kept from before its resets, is gone. Make sure Redis keeps its data (appendonly yes); DELETE /__admin/pact starts the pact again.',
  rejected:
    'The contract rejected the request (no operation matched, or it broke the operation): a pact holds only requests the contract accepts.',
  unanswered: 'The client went away before it was answered.',
  fault: 'A fault was injected into the answer: it is not what the provider would send.',
  'stub-outside-contract':
    'A stub answered outside the contract (allowContractViolation). Ask with outsideContract=true to include them.',
  'response-outside-contract':
    'The answer broke the contract: the provider is not bound to send it.',
  truncated:
    'A body was cut at the journal limit (16 KiB): a cut body is never presented as the contract.',
  'other-contract':
    'It was judged against another version of the contract (recorded before a reload, or in another file): its operation is not the one served now.',
  'pact-limit':
    'The pact reached its size limit (32 MiB of interactions): the request shapes that sort last by description and key did not fit. Make sure the session holds the traffic of one test run.',
  'kept-limit':
    'The traffic sessions answered before their resets (or clears of their requests) is kept for their pacts in at most 32 MiB over all sessions, and these entries did not fit. Make sure to clear the pacts of finished sessions (DELETE /__admin/pact).',
  'unreadable-line':
    'A line of the record file is no interaction of the mock (cut short, not JSON, or nested deeper than 128); its line numbers are listed.',
};

export type LeftOutKind = keyof typeof reasons;
export const leftOutKinds = Object.keys(reasons) as LeftOutKind[];

/**
 * Counts left-out entries by kind, each with its first ids; lists them in the order of leftOutKinds.
 *
 * @example
 * const tally = createLeftOutTally();
 * tally.leave('fault', 1, '7');
 * tally.list(); // [{ kind: 'fault', reason: '...', count: 1, ids: ['7'] }]
 */
export function createLeftOutTally() {
  const left = new Map<LeftOutKind, LeftOut>();
  const leave = (kind: LeftOutKind, count: number, id?: string): void => {
    const group = left.get(kind) ?? { kind, reason: reasons[kind], count: 0, ids: [] };
    group.count += count;
    if (id !== undefined && group.ids.length < listedIds) group.ids.push(id);
    left.set(kind, group);
  };
  return {
    leave,
    /** Adds groups counted elsewhere (traffic kept from before a reset). */
    add(groups: readonly Omit<LeftOut, 'reason'>[]): void {
      for (const { kind, count, ids } of groups) {
        leave(kind, count);
        for (const id of ids) leave(kind, 0, id);
      }
    },
    list: (): LeftOut[] => leftOutKinds.flatMap((kind) => left.get(kind) ?? []),
  };
}
