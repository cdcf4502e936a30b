import { parseExactJson } from '../parsing/exact-json.ts';
import { mayHoldBigIntegers } from '../parsing/parse-json-body.ts';
import { interactionText, type NamedInteraction } from './kept-interactions.ts';
import type { Pact, PactSpec, PactV3Interaction, PactV4Interaction } from './pact-document.ts';

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
  const empty = JSON.stringify(documentOf(parts), null, pretty ? 2 : undefined);
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
  const interactions = parts.interactions.map((interaction) => objectOf(interaction, parts.spec));
  return { ...documentOf(parts), interactions } as Pact;
}

// The pact file without its interactions: Pact specification V4, or V3 on request.
function documentOf({ consumer, provider, spec }: PactOf): Pact {
  return {
    consumer: { name: consumer },
    provider: { name: provider },
    interactions: [],
    metadata: { pactSpecification: { version: spec === 3 ? '3.0.0' : '4.0' } },
  } as Pact;
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

// Pact V3's form of an interaction: headers as one string, the body as it is, no type or key.
function toV3({ description, providerStates, request, response }: PactV4Interaction) {
  const joined = (headers: Record<string, string[]>): Record<string, string> =>
    Object.fromEntries(Object.entries(headers).map(([name, values]) => [name, values.join(', ')]));
  return {
    description,
    providerStates,
    request: {
      method: request.method,
      path: request.path,
      ...(request.query !== undefined && { query: request.query }),
      ...(request.headers !== undefined && { headers: joined(request.headers) }),
      ...(request.body !== undefined && { body: request.body.content }),
      ...(request.matchingRules !== undefined && { matchingRules: request.matchingRules }),
    },
    response: {
      status: response.status,
      ...(response.headers !== undefined && { headers: joined(response.headers) }),
      ...(response.body !== undefined && { body: response.body.content }),
      ...(response.matchingRules !== undefined && { matchingRules: response.matchingRules }),
    },
  } satisfies PactV3Interaction;
}
