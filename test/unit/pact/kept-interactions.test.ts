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
        shape === undefined ? [] : kept.offer(shape, String(i)),
      );
      expect(kept.named().map((k) => k.key)).toEqual(['a1', 'b2']);
      expect(refused.reduce((sum, r) => sum + r.entries, 0)).toBe(2);
    }
  });

  it('keeps, of one shape, the interaction whose JSON sorts first, and writes it as JSON.stringify does', () => {
    const kept = createKeptInteractions();
    kept.offer(interaction('a1', 'Moss'), '1');
    kept.offer(interaction('a1', 'Fern'), '2');
    kept.offer(interaction('a1', 'Ivy'), '3');
    const [only] = kept.named();
    expect(only && interactionText(only)).toBe(JSON.stringify(interaction('a1', 'Fern')));
  });
});

it("counts the pact's limit in the memory bound", () => {
  expect(memoryCosts.pact).toBe(pactLimitBytes);
});
