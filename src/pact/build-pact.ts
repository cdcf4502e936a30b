import { createEntryJudge, type PactContract } from './judge-entry.ts';
import {
  createLeftOutTally,
  type JournalEntry,
  type LeftOut,
  type LeftOutKind,
} from './left-out.ts';
import { createKeptInteractions, type NamedInteraction } from './kept-interactions.ts';
import type { Pact, PactSpec } from './pact-document.ts';
import { pactOf, type PactOf } from './pact-chunks.ts';
import { shapeKey } from './request-shape.ts';
import { toPactInteraction } from './to-pact-interaction.ts';

export type { PactContract };

/** What a pact is built for. */
export interface PactOptions {
  consumer: string;
  provider: string;
  /** Pact specification 4 (default) or 3. */
  spec?: PactSpec;
  /** Include answers of stubs registered with allowContractViolation. Default false. */
  outsideContract?: boolean;
}

/** A pact and what was left out of it. */
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
export interface PactParts extends PactOf {
  interactions: NamedInteraction[];
  leftOut: LeftOut[];
  entries: number;
}

/** How the journal stood beside its entries. */
export interface JournalState {
  /** Entries of the session that the full journal dropped. */
  dropped?: number;
  /** The shared store lost its data since the session's pact began: some of it is gone. */
  lost?: boolean;
  /** The session has no state on the server (never used, or evicted). */
  unknownSession?: boolean;
}

/**
 * Builds a pact one journal entry at a time: one interaction per accepted request shape, the one
 * whose JSON sorts first, so the same traffic gives the same bytes in any order. Held as text
 * within pactLimitBytes; the rest is left out as `pact-limit`.
 */
export function createPactBuilder(contract: PactContract, options: PactOptions) {
  const judge = createEntryJudge(contract);
  const kept = createKeptInteractions();
  const left = createLeftOutTally();
  const outsideContract = options.outsideContract === true;
  let entries = 0;

  return {
    /**
     * Adds an entry, which stands for `weight` entries of its shape (traffic kept from before a
     * reset, see condenseTraffic); one that throws (no interaction can be built of it) is not counted.
     */
    add(entry: JournalEntry, weight = 1): void {
      const verdict = judge(entry, outsideContract);
      if (verdict.kind !== undefined) {
        entries += weight;
        left.leave(verdict.kind, weight, entry.id);
        return;
      }
      // Built only when it is kept: most entries repeat a shape kept already.
      const parts = toPactInteraction(entry, verdict.operation);
      const candidate = {
        key: shapeKey(parts.shape),
        base: parts.baseDescription,
        order: parts.order,
        build: parts.withRules,
      };
      const refused = kept.offer(candidate, entry.id, weight);
      entries += weight;
      for (const { id, entries: count } of refused) left.leave('pact-limit', count, id);
    },
    /** Counts something that is no entry (a record file's unreadable line) as left out. */
    leaveOut(kind: LeftOutKind, id: string): void {
      left.leave(kind, 1, id);
    },
    /** Adds entries read and left out before (traffic kept from before a reset). */
    carry(leftOut: readonly Omit<LeftOut, 'reason'>[], read: number): void {
      left.add(leftOut);
      entries += read;
    },
    finish(state: JournalState = {}): PactParts {
      if (entries === 0)
        left.leave(state.unknownSession === true ? 'unknown-session' : 'empty-journal', 0);
      if ((state.dropped ?? 0) > 0) left.leave('dropped', state.dropped ?? 0);
      if (state.lost === true) left.leave('store-lost', 0);
      return {
        consumer: options.consumer,
        provider: options.provider,
        spec: options.spec ?? 4,
        interactions: kept.named(),
        leftOut: left.list(),
        entries,
      };
    },
  };
}

/** Builds a pact from journal entries at once, as one object; see createPactBuilder. */
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
