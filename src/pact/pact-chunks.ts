import { parseExactJson } from '../parsing/exact-json.ts';
import { mayHoldBigIntegers } from '../parsing/parse-json-body.ts';
import { interactionText, type NamedInteraction } from './kept-interactions.ts';
import type { Pact, PactSpec, PactV3Interaction, PactV4Interaction } from './pact-document.ts';
import { toPactDocument, toV3 } from './to-pact-document.ts';

/** A built pact's parties, specification version and named interactions (see PactParts). */
export interface PactOf {
  consumer: string;
  provider: string;
  spec: PactSpec;
  interactions: readonly NamedInteraction[];
}

/**
 * The text of a built pact piece by piece, the same bytes as JSON.stringify of pactOf (with
 * `pretty`, of JSON.stringify(pact, null, 2)): one interaction at a time, so that a pact of
 * thousands of interactions is never held whole a second time as one string, and its writer can
 * let the event loop turn between pieces.
 *
 * @example
 * for (const piece of pactChunks(parts)) res.write(piece);
 */
export function* pactChunks(parts: PactOf, options: { pretty?: boolean } = {}): Generator<string> {
  const pretty = options.pretty === true;
  // The document around its interactions, cut where they go.
  const empty = JSON.stringify(toPactDocument([], parts), null, pretty ? 2 : undefined);
  const slot = pretty ? '"interactions": []' : '"interactions":[]';
  const at = empty.indexOf(slot) + slot.length - 1;
  const [opening, separator, closing] = pretty ? ['\n    ', ',\n    ', '\n  '] : ['', ',', ''];
  yield empty.slice(0, at);
  let first = true;
  for (const interaction of parts.interactions) {
    const text =
      !pretty && parts.spec === 4
        ? interactionText(interaction)
        : JSON.stringify(objectOf(interaction, parts.spec), null, pretty ? 2 : undefined);
    yield `${first ? opening : separator}${pretty ? text.replace(/\n/g, '\n    ') : text}`;
    first = false;
  }
  yield `${first ? '' : closing}${empty.slice(at)}`;
}

/**
 * A built pact as one object (for tests and merges; pactChunks writes it without one).
 *
 * @example
 * const pact = pactOf(builder.finish());
 */
export function pactOf(parts: PactOf): Pact {
  const pact = toPactDocument([], parts);
  const interactions = parts.interactions.map((interaction) => objectOf(interaction, parts.spec));
  return { ...pact, interactions } as Pact;
}

function objectOf(
  interaction: NamedInteraction,
  spec: 3 | 4,
): PactV4Interaction | PactV3Interaction {
  const text = interactionText(interaction);
  // Integers past 2^53 stay as they were written (JSON.rawJSON values).
  const v4 = (
    mayHoldBigIntegers(text) ? parseExactJson(text) : JSON.parse(text)
  ) as PactV4Interaction;
  return spec === 3 ? toV3(v4) : v4;
}
