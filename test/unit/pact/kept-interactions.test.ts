import { describe, expect, it } from 'vitest';
import { memoryCosts } from '../../../src/config/memory-model.ts';
import {
  createKeptInteractions,
  interactionText,
  pactLimitBytes,
} from '../../../src/pact/kept-interactions.ts';
import type { PactV4Interaction } from '../../../src/pact/pact-document.ts';

function interaction(key: string, name: string): PactV4Interaction {
  const description = 'createPlant returns 200';
  return {
    type: 'Synchronous/HTTP',
    key,
    description,
    pending: false,
    providerStates: [{ name: description }],
    request: {
      method: 'POST',
      path: '/plants',
      body: { content: { name }, contentType: 'application/json', encoded: false },
    },
    response: { status: 200 },
  };
}

// As build-pact offers an entry's interaction: its order text sorts as its JSON.
const candidate = (built: PactV4Interaction) => ({
  key: built.key,
  base: built.description,
  order: () => JSON.stringify(built),
  build: () => built,
});

const shapes = ['a1', 'b2', 'c3', 'd4'].map((key) => interaction(key, 'x'.repeat(1_000)));
// Room for two of these interactions (about 3 KB each), not three.
const limit = 7_000;

describe('createKeptInteractions', () => {
  it('keeps the shapes that sort first when the pact is full, in any order, and counts the rest', () => {
    for (const order of [
      shapes,
      [...shapes].reverse(),
      [shapes[2], shapes[0], shapes[3], shapes[1]],
    ]) {
      const kept = createKeptInteractions(limit);
      const refused = order.flatMap((shape, i) =>
        shape === undefined ? [] : kept.offer(candidate(shape), String(i)),
      );
      expect(kept.named().map((k) => k.key)).toEqual(['a1', 'b2']);
      expect(refused.reduce((sum, r) => sum + r.entries, 0)).toBe(2);
    }
  });

  it('keeps, of one shape, the interaction whose JSON sorts first, and writes it as JSON.stringify does', () => {
    const kept = createKeptInteractions();
    kept.offer(candidate(interaction('a1', 'Moss')), '1');
    kept.offer(candidate(interaction('a1', 'Fern')), '2');
    kept.offer(candidate(interaction('a1', 'Ivy')), '3');
    const [only] = kept.named();
    expect(only && interactionText(only)).toBe(JSON.stringify(interaction('a1', 'Fern')));
  });

  it('builds an interaction only when it is kept: not for an entry that sorts after its shape, nor past the limit', () => {
    const kept = createKeptInteractions(limit);
    let built = 0;
    const counted = (one: PactV4Interaction) => ({
      ...candidate(one),
      build: () => {
        built++;
        return one;
      },
    });
    kept.offer(counted(interaction('a1', 'Fern')), '1');
    for (let i = 0; i < 100; i++) kept.offer(counted(interaction('a1', `Moss ${i}`)), String(i));
    for (const shape of shapes) kept.offer(counted(shape), shape.key);
    const refused = kept.offer(counted(interaction('z9', 'x'.repeat(1_000))), 'late');
    expect(refused).toEqual([{ id: 'late', entries: 1 }]);
    expect(kept.named().map((k) => k.key)).toEqual(['a1', 'b2']);
    // Fern, the first Moss (which sorts after it: later ones sort after that one), b2, and c3,
    // which found the limit; a1 sorts after Moss 0, d4 and z9 after the cutoff.
    expect(built).toBe(4);
  });
});

it("counts the pact's limit in the memory bound, with the order texts beside it", () => {
  expect(memoryCosts.pact).toBe(2 * pactLimitBytes);
});
