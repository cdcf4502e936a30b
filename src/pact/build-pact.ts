import type { ContractOperation } from '../contract/contract-operation.ts';
import {
  listedIds,
  reasonOf,
  whyLeftOut,
  type JournalEntry,
  type LeftOut,
  type LeftOutKind,
  leftOutKinds,
} from './left-out.ts';
import { createKeptInteractions, type NamedInteraction } from './kept-interactions.ts';
import type { Pact, PactSpec } from './pact-document.ts';
import { pactOf } from './pact-chunks.ts';
import { toPactInteraction } from './to-pact-interaction.ts';

/**
 * What a pact is built for.
 *
 * @example
 * const options: PactOptions = { consumer: 'checkout-web', provider: 'plant-store', spec: 4 };
 */
export interface PactOptions {
  consumer: string;
  provider: string;
  /** Pact specification 4 (default) or 3. */
  spec?: PactSpec;
  /** Include answers of stubs registered with allowContractViolation. Default false. */
  outsideContract?: boolean;
}

/** The contract the entries were recorded against: its hash and operations. */
export interface PactContract {
  /** Entries judged against another hash are left out; undefined takes every hash. */
  hash: string | undefined;
  operations: readonly ContractOperation[];
}

/**
 * A pact and what was left out of it.
 *
 * @example
 * const { pact, leftOut } = buildPact(journal.list('default'), contract, options);
 * for (const { reason, count } of leftOut) console.warn(`${count} left out: ${reason}`);
 */
export interface PactResult {
  pact: Pact;
  /** Reasons, each with how many entries and the first ids, in a fixed order. */
  leftOut: LeftOut[];
  /** Journal entries read. */
  entries: number;
}

/**
 * A built pact before it is written out (see pactChunks, pactOf): its parties, its interactions
 * in order as text, and what was left out.
 */
export interface PactParts {
  consumer: string;
  provider: string;
  spec: PactSpec;
  interactions: NamedInteraction[];
  leftOut: LeftOut[];
  entries: number;
}

/** How the journal stood beside its entries. */
export interface JournalState {
  /** Entries of the session that the full journal dropped. */
  dropped?: number;
  /** The session has no state on the server (never used, or evicted). */
  unknownSession?: boolean;
}

/**
 * Builds a pact one journal entry at a time (entries may arrive from an async scan): one
 * interaction per request shape the contract accepted, whatever the order the entries came in.
 * Of several entries of a shape the one whose interaction's JSON sorts first is kept, so the
 * same traffic gives the same bytes even when parallel tests interleave it differently. The
 * interactions are held as text within pactLimitBytes; what does not fit is left out as
 * `pact-limit` (see createKeptInteractions).
 *
 * @example
 * const builder = createPactBuilder(contract, { consumer: 'web', provider: 'plants' });
 * for await (const entry of journal.scan('default')) builder.add(entry);
 * const { interactions, leftOut } = builder.finish({ dropped: journal.dropped('default') });
 */
export function createPactBuilder(contract: PactContract, options: PactOptions) {
  const operations = new Map(contract.operations.map((op) => [op.operationId, op]));
  const kept = createKeptInteractions();
  const left = new Map<LeftOutKind, LeftOut>();
  let entries = 0;
  const leave = (kind: LeftOutKind, count: number, id?: string): void => {
    const group = left.get(kind) ?? { kind, reason: reasonOf(kind), count: 0, ids: [] };
    group.count += count;
    if (id !== undefined && group.ids.length < listedIds) group.ids.push(id);
    left.set(kind, group);
  };
  const check = { hash: contract.hash, outsideContract: options.outsideContract === true };
  // A record file read with a contract loaded again: a Postman collection's operations got new
  // ids (see pactOperationName); the same document routes the request to the same operation.
  const routedOperation = (entry: JournalEntry): ContractOperation | undefined =>
    entry.contract.hash === contract.hash
      ? contract.operations.find(
          (op) => op.method === entry.request.method && op.matcher.test(entry.request.path),
        )
      : undefined;

  return {
    /** Adds an entry; one that throws (no interaction can be built of it) is not counted. */
    add(entry: JournalEntry): void {
      const operation =
        entry.operationId === null
          ? undefined
          : (operations.get(entry.operationId) ?? routedOperation(entry));
      const kind =
        whyLeftOut(entry, check) ??
        (entry.operationId !== null && operation === undefined ? 'other-contract' : undefined);
      if (kind !== undefined) {
        entries++;
        leave(kind, 1, entry.id);
        return;
      }
      const refused = kept.offer(toPactInteraction(entry, operation).interaction, entry.id);
      entries++;
      for (const { id, entries: count } of refused) leave('pact-limit', count, id);
    },
    /** Counts something that is no entry (a record file's unreadable line) as left out. */
    leaveOut(kind: LeftOutKind, id: string): void {
      leave(kind, 1, id);
    },
    finish(state: JournalState = {}): PactParts {
      if (entries === 0)
        leave(state.unknownSession === true ? 'unknown-session' : 'empty-journal', 0);
      if ((state.dropped ?? 0) > 0) leave('dropped', state.dropped ?? 0);
      return {
        consumer: options.consumer,
        provider: options.provider,
        spec: options.spec ?? 4,
        interactions: kept.named(),
        leftOut: leftOutKinds.flatMap((kind) => left.get(kind) ?? []),
        entries,
      };
    },
  };
}

/**
 * Builds a pact from journal entries at once, as one object; see createPactBuilder.
 *
 * @example
 * const { pact } = buildPact(journal.list('default'), contract, { consumer: 'web', provider: 'plants' });
 */
export function buildPact(
  entries: Iterable<JournalEntry>,
  contract: PactContract,
  options: PactOptions,
  state: JournalState = {},
): PactResult {
  const builder = createPactBuilder(contract, options);
  for (const entry of entries) builder.add(entry);
  const { leftOut, entries: read, ...parts } = builder.finish(state);
  return { pact: pactOf(parts), leftOut, entries: read };
}
