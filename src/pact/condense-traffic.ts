import { parseExactJson } from '../parsing/exact-json.ts';
import { createEntryJudge, type PactContract } from './judge-entry.ts';
import { compare } from './name-interactions.ts';
import { createLeftOutTally, type JournalEntry, type LeftOut } from './left-out.ts';
import { toPactInteraction } from './to-pact-interaction.ts';

/**
 * What a session's pact keeps of its traffic once its journal is cleared: per request shape the
 * entry and how many it stands for, the entries left out by reason, and how many were read.
 */
export interface KeptTraffic {
  entries: { weight: number; entry: JournalEntry }[];
  /** Without their reasons, which go back in from their kinds. */
  leftOut: Omit<LeftOut, 'reason'>[];
  read: number;
}

interface Group {
  weight: number;
  entry: JournalEntry;
  /** Its interaction's description and key: a full pact keeps those that sort first. */
  description: string;
  key: string;
  /** The interaction's JSON: of two entries of a shape, the pact keeps the one sorting first. */
  text: string;
}

/**
 * Condenses a session's journal entries to what its pact needs: one entry per request shape, chosen
 * as createPactBuilder chooses (the same bytes), inside and outside the contract apart. Shapes that
 * sort last go past `finish(roomBytes)`'s room, counted as `kept-limit`.
 */
export function condenseTraffic(contract: PactContract, previous?: string) {
  const judge = createEntryJudge(contract);
  const groups = new Map<string, Group>();
  const left = createLeftOutTally();
  let read = 0;

  function add(entry: JournalEntry, weight = 1): void {
    read += weight;
    const verdict = judge(entry, true);
    if (verdict.kind !== undefined) {
      left.leave(verdict.kind, weight, entry.id);
      return;
    }
    const inside = judge(entry, false).kind === undefined;
    const { interaction } = toPactInteraction(entry, verdict.operation);
    const key = `${inside ? 'i' : 'o'}${interaction.key}`;
    const text = JSON.stringify(interaction);
    const before = groups.get(key);
    if (before === undefined)
      groups.set(key, {
        weight,
        entry,
        description: interaction.description,
        key: interaction.key,
        text,
      });
    else {
      before.weight += weight;
      if (text < before.text) Object.assign(before, { entry, text });
    }
  }

  if (previous !== undefined) {
    const kept = readKeptTraffic(previous);
    for (const { entry, weight } of kept.entries) add(entry, weight);
    // Those entries were counted when they were read first.
    read += kept.read - kept.entries.reduce((sum, { weight }) => sum + weight, 0);
    left.add(kept.leftOut);
  }

  return {
    add: (entry: JournalEntry): void => {
      add(entry);
    },
    /** Entries of the session that the full journal dropped before it was cleared. */
    dropped(count: number): void {
      if (count > 0) left.leave('dropped', count);
    },
    /**
     * The kept traffic as JSON text: its entries within `roomBytes` (UTF-8), the counts beside
     * them (at most keptCountsBytes).
     */
    finish(roomBytes: number): string {
      const sorted = [...groups.values()].sort(
        (a, b) => compare(a.description, b.description) || compare(a.key, b.key),
      );
      const counts = createLeftOutTally();
      counts.add(left.list());
      const entries: string[] = [];
      let bytes = keptCountsBytes;
      for (const { weight, entry } of sorted) {
        const text = `{"weight":${weight},"entry":${JSON.stringify(entry)}}`;
        const size = Buffer.byteLength(text) + 1;
        if (bytes + size > roomBytes) counts.leave('kept-limit', weight, entry.id);
        else {
          entries.push(text);
          bytes += size;
        }
      }
      const leftOut = counts.list().map(({ kind, count, ids }) => ({ kind, count, ids }));
      return `{"read":${read},"leftOut":${JSON.stringify(leftOut)},"entries":[${entries.join(',')}]}`;
    },
  };
}

/**
 * The most the counts of a session's kept traffic take (13 kinds, ten ids each): kept traffic
 * that holds only counts always fits (see PactLedger).
 */
export const keptCountsBytes = 4 * 1024;

/** Kept traffic from its JSON text (see condenseTraffic), integers past 2^53 read exactly. */
export function readKeptTraffic(text: string): KeptTraffic {
  return parseExactJson(text) as KeptTraffic;
}
