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
 * A built pact's text one interaction at a time (the bytes of JSON.stringify of pactOf), so a large
 * pact is never held twice as one string and its writer can let the event loop turn.
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

/** A built pact as one object (for tests and merges; pactChunks writes it without one). */
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
