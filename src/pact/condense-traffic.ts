import { parseExactJson } from '../parsing/exact-json.ts';
import { createEntryJudge, type PactContract } from './judge-entry.ts';
import { compare } from './name-interactions.ts';
import { createLeftOutTally, type JournalEntry, type LeftOut } from './left-out.ts';
import { shapeKey } from './request-shape.ts';
import { keptCountsBytes, type KeptLines } from './pact-ledger.ts';
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
  shape: string;
  /** Its interaction's description: a full pact keeps those that sort first. */
  description: string;
  /** Orders the entries of a shape as their interactions' JSON would (see toPactInteraction). */
  order: string;
}

/**
 * Condenses a session's journal entries to what its pact needs: one entry per request shape, chosen
 * as createPactBuilder chooses (the same bytes) by its order text, no interaction built; inside and
 * outside the contract apart. Shapes that sort last go past `finish(roomBytes)`'s room, counted as
 * `kept-limit`. `carry` and `finish` await `pause` between entries, to let the event loop turn.
 */
export function condenseTraffic(
  contract: PactContract,
  pause: () => Promise<void> | undefined = () => undefined,
) {
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
    const { shape, baseDescription, order: orderOf } = toPactInteraction(entry, verdict.operation);
    const key = `${inside ? 'i' : 'o'}${shape}`;
    const order = orderOf();
    const before = groups.get(key);
    if (before === undefined)
      groups.set(key, { weight, entry, shape, description: baseDescription, order });
    else {
      before.weight += weight;
      if (order < before.order) Object.assign(before, { entry, order });
    }
  }

  return {
    add: (entry: JournalEntry): void => {
      add(entry);
    },
    /** Goes on from what was kept before (the lines `finish` gave), read a slice at a time. */
    async carry(previous: Iterable<Buffer> | undefined): Promise<void> {
      if (previous === undefined) return;
      const kept = readKeptTraffic(previous);
      let weights = 0;
      for (const { entry, weight } of kept.entries) {
        await pause();
        add(entry, weight);
        weights += weight;
      }
      // Those entries were counted when they were read first.
      read += kept.read - weights;
      left.add(kept.leftOut);
    },
    /** Entries of the session that the full journal dropped before it was cleared. */
    dropped(count: number): void {
      if (count > 0) left.leave('dropped', count);
    },
    /**
     * The kept traffic as lines of JSON: the counts (at most keptCountsBytes), then its entries
     * within `roomBytes` (UTF-8, see keptBytes), an entry a line.
     */
    async finish(roomBytes: number): Promise<KeptLines> {
      const sorted = [...groups.values()].map((group) => ({
        ...group,
        key: shapeKey(group.shape),
      }));
      sorted.sort((a, b) => compare(a.description, b.description) || compare(a.key, b.key));
      const counts = createLeftOutTally();
      counts.add(left.list());
      const entries: Buffer[] = [];
      let bytes = keptCountsBytes;
      for (const { weight, entry } of sorted) {
        await pause();
        // JSON.stringify writes no newline: an entry is a line.
        const line = Buffer.from(`{"weight":${weight},"entry":${JSON.stringify(entry)}}`);
        if (bytes + line.length + 1 > roomBytes) counts.leave('kept-limit', weight, entry.id);
        else {
          entries.push(line);
          bytes += line.length + 1;
        }
      }
      const leftOut = counts.list().map(({ kind, count, ids }) => ({ kind, count, ids }));
      return [Buffer.from(`{"read":${read},"leftOut":${JSON.stringify(leftOut)}}`), ...entries];
    },
  };
}

/**
 * Kept traffic from its lines (see condenseTraffic), integers past 2^53 read exactly: its counts
 * at once, its entries a line at a time as they are iterated, so that a reader can let the event
 * loop turn between them (parsed whole, 32 MiB held it for 100 ms and more).
 */
export function readKeptTraffic(lines: Iterable<Buffer>): KeptTrafficReader {
  const rest = lines[Symbol.iterator]();
  const first = rest.next();
  const head = (
    first.done === true ? { read: 0, leftOut: [] } : parseExactJson(first.value.toString())
  ) as Omit<KeptTraffic, 'entries'> & Partial<Pick<KeptTraffic, 'entries'>>;
  // Kept before entries took a line each (in a shared store): they came with the counts.
  const entries =
    head.entries ??
    (function* () {
      for (let line = rest.next(); line.done !== true; line = rest.next())
        yield parseExactJson(line.value.toString()) as KeptTraffic['entries'][number];
    })();
  return { read: head.read, leftOut: head.leftOut, entries };
}

/** Kept traffic whose entries are read as they are iterated (see readKeptTraffic). */
export interface KeptTrafficReader extends Omit<KeptTraffic, 'entries'> {
  entries: Iterable<KeptTraffic['entries'][number]>;
}
