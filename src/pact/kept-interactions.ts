import { compare, nameInteractions } from './name-interactions.ts';
import type { PactV4Interaction } from './pact-document.ts';

/**
 * The most the interactions of one pact may hold, in bytes: two a character of their JSON text
 * (V8 keeps text with characters past Latin-1 in two bytes each) and 512 each for the rest.
 */
export const pactLimitBytes = 32 * 2 ** 20;
const overheadBytes = 512;

/** A pact's interaction as kept: its key, its description, and its JSON text after those. */
export interface NamedInteraction {
  key: string;
  description: string;
  /** The interaction's compact JSON after its description: `,"pending":false,...}`. */
  rest: string;
}

interface Kept {
  key: string;
  /** The description before numbering (see baseDescription). */
  base: string;
  rest: string;
  /**
   * Once a second entry of its shape and description came: the lowest order text (see
   * toPactInteraction) known to sort at or after its entry's, so an entry at or past it is not
   * built again.
   */
  bound?: string | undefined;
  /** The journal id of the entry it was built from; how many entries had its shape. */
  id: string;
  entries: number;
}

/**
 * An entry's interaction before it is built: its key, its description (not numbered), its order
 * text (see toPactInteraction), and how to build it, which only an entry that is kept needs.
 */
export interface Candidate {
  key: string;
  base: string;
  order(): string;
  build(): PactV4Interaction;
}

/** Entries left out because the pact was full: how many, and one of their ids. */
export interface Refused {
  id: string;
  entries: number;
}

/**
 * The compact JSON of a named interaction, as JSON.stringify writes the interaction.
 *
 * @example
 * JSON.parse(interactionText({ key: 'a1', description: 'x returns 200', rest: ',"pending":false}' })).key; // 'a1'
 */
export function interactionText({ key, description, rest }: NamedInteraction): string {
  return `${head(key, description)}${rest}`;
}

/**
 * The interactions of a pact being built, one per request shape (its `key`): of several entries
 * of a shape, the one whose JSON sorts first, held as text beside its order text, so that an
 * entry that sorts after it, or a shape past the limit, is counted without being built. Past
 * `limitBytes` the shapes that sort last by description and key go, and every later shape sorting
 * after them is refused: the pact keeps those that sort first, as far as they fit. The order
 * texts take at most as much again.
 *
 * @example
 * const kept = createKeptInteractions();
 * kept.offer(candidate, '7'); // [] while it fits
 * kept.named(); // in order, numbered
 */
export function createKeptInteractions(limitBytes: number = pactLimitBytes) {
  const kept = new Map<string, Kept>();
  let bytes = 0;
  let cutoff: Kept | undefined;
  // The order text is not counted: it is shorter than the rest, so it takes at most as much again.
  const cost = (k: Kept): number => 2 * (k.rest.length + k.base.length) + overheadBytes;
  const order = (a: { base: string; key: string }, b: { base: string; key: string }): number =>
    compare(a.base, b.base) || compare(a.key, b.key);

  return {
    /**
     * Keeps an entry's interaction (description not numbered), which stands for `weight` entries
     * (see condenseTraffic); returns what the limit left out.
     */
    offer(candidate: Candidate, id: string, weight = 1): Refused[] {
      const { key, base } = candidate;
      if (cutoff !== undefined && order({ base, key }, cutoff) >= 0)
        return [{ id, entries: weight }];
      const before = kept.get(key);
      // Of one shape and description, order texts sort as the interactions' JSON would.
      const rank = before?.base === base ? candidate.order() : undefined;
      if (
        before !== undefined &&
        rank !== undefined &&
        before.bound !== undefined &&
        rank >= before.bound
      ) {
        before.entries += weight;
        return [];
      }
      const full = JSON.stringify(candidate.build());
      // JSON.stringify keeps the order of the keys: type, key, description, then the rest.
      const rest = full.slice(head(key, base).length);
      if (before === undefined) {
        const added = { key, base, rest, id, entries: weight };
        kept.set(key, added);
        bytes += cost(added);
      } else {
        before.entries += weight;
        const first =
          before.base === base ? rest < before.rest : full < head(key, before.base) + before.rest;
        if (first) {
          bytes -= cost(before);
          Object.assign(before, { base, rest, id, bound: rank });
          bytes += cost(before);
        } else if (rank !== undefined && (before.bound === undefined || rank < before.bound))
          before.bound = rank;
      }
      const refused: Refused[] = [];
      while (bytes > limitBytes) {
        let last: Kept | undefined;
        for (const k of kept.values()) if (last === undefined || order(k, last) > 0) last = k;
        if (last === undefined) break;
        kept.delete(last.key);
        bytes -= cost(last);
        cutoff = last;
        refused.push({ id: last.id, entries: last.entries });
      }
      return refused;
    },
    /** The kept interactions ordered by description then key, descriptions numbered. */
    named(): NamedInteraction[] {
      const unnamed = [...kept.values()].map(({ key, base, rest }) => ({
        key,
        description: base,
        rest,
      }));
      return nameInteractions(unnamed, (k) => k.key);
    },
  };
}

function head(key: string, description: string): string {
  return `{"type":"Synchronous/HTTP","key":${JSON.stringify(key)},"description":${JSON.stringify(description)}`;
}
