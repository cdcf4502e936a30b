import type { Pact, PactSpec, PactV3Interaction, PactV4Interaction } from './pact-document.ts';

/**
 * The pact file for named interactions: Pact specification V4, or V3 on request (headers as one
 * string, bodies as they are, no interaction types or keys).
 *
 * @example
 * toPactDocument(interactions, { consumer: 'web', provider: 'plants', spec: 3 }).metadata;
 * // { pactSpecification: { version: '3.0.0' } }
 */
export function toPactDocument(
  interactions: readonly PactV4Interaction[],
  options: { consumer: string; provider: string; spec?: PactSpec },
): Pact {
  const consumer = { name: options.consumer };
  const provider = { name: options.provider };
  if (options.spec === 3) {
    return {
      consumer,
      provider,
      interactions: interactions.map(toV3),
      metadata: { pactSpecification: { version: '3.0.0' } },
    };
  }
  return {
    consumer,
    provider,
    interactions: [...interactions],
    metadata: { pactSpecification: { version: '4.0' } },
  };
}

/**
 * A Pact V4 interaction in Pact V3's form: headers as one string, the body as it is, no type or key.
 *
 * @example
 * toV3(interaction).request.headers; // { 'Content-Type': 'application/json' }
 */
export function toV3(interaction: PactV4Interaction): PactV3Interaction {
  const { request, response } = interaction;
  return {
    description: interaction.description,
    providerStates: interaction.providerStates,
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
  };
}

function joined(headers: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, values]) => [name, values.join(', ')]),
  );
}
