import { PactMergeError } from '../errors.ts';
import { baseDescription, nameInteractions } from './name-interactions.ts';
import type { Pact, PactV3Interaction, PactV4Interaction } from './pact-document.ts';
import { requestShape, shapeKey } from './request-shape.ts';

type AnyInteraction = PactV4Interaction | PactV3Interaction;

/**
 * Merges pacts of one consumer, provider and version as createPactBuilder builds one, so the merge
 * equals the pact of the combined traffic in any order. Throws PactMergeError when they differ.
 */
export function mergePacts(pacts: readonly [Pact, ...Pact[]]): Pact {
  const [first] = pacts;
  const version = first.metadata.pactSpecification.version;
  for (const pact of pacts) {
    const problem =
      pact.metadata.pactSpecification.version !== version
        ? `one is Pact ${pact.metadata.pactSpecification.version}, another ${version}`
        : pact.consumer.name !== first.consumer.name || pact.provider.name !== first.provider.name
          ? `one is between ${pact.consumer.name} and ${pact.provider.name}, another between ${first.consumer.name} and ${first.provider.name}`
          : undefined;
    if (problem !== undefined) {
      throw new PactMergeError(
        `Failed to merge pacts: ${problem}. Make sure each pact file holds one consumer, one provider and one specification version (delete the old file to start again).`,
      );
    }
  }
  const kept = new Map<string, { interaction: AnyInteraction; text: string }>();
  for (const pact of pacts) {
    for (const interaction of pact.interactions as readonly AnyInteraction[]) {
      const key = keyOf(interaction);
      // Descriptions are numbered anew below: compare the rest.
      const text = JSON.stringify({ ...interaction, description: baseDescription(interaction) });
      const before = kept.get(key);
      if (before === undefined || text < before.text) kept.set(key, { interaction, text });
    }
  }
  const interactions = nameInteractions(
    [...kept.values()].map(({ interaction }) => interaction),
    keyOf,
  );
  return { ...first, interactions } as Pact;
}

/**
 * An interaction's request-shape key: a V4 interaction's `key`; for V3, which has none, the
 * same key computed again from the interaction (see toPactInteraction).
 */
function keyOf(interaction: AnyInteraction): string {
  if ('key' in interaction) return interaction.key;
  const { request, response } = interaction;
  const operation = baseDescription(interaction).replace(
    / returns \d+( \(a stub outside the contract\))?$/,
    '',
  );
  return shapeKey(
    requestShape({
      operation,
      method: request.method,
      status: response.status,
      query: Object.keys(request.query ?? {}),
      headers: Object.keys(request.headers ?? {}),
      body: request.body ?? null,
    }),
  );
}
