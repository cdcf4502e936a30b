import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPact, createPactBuilder } from '../../../src/pact/build-pact.ts';
import type { PactV4Interaction } from '../../../src/pact/pact-document.ts';
import { condenseTraffic, readKeptTraffic } from '../../../src/pact/condense-traffic.ts';
import { keptBytes } from '../../../src/pact/pact-ledger.ts';
import type { JournalEntry } from '../../../src/pact/left-out.ts';

const contract = { hash: 'h', operations: [] };

// Answers of a stub outside the contract: they need no operation to become interactions.
function entry(id: number, body: Record<string, unknown>): JournalEntry {
  return {
    id: String(id),
    receivedAt: new Date(0).toISOString(),
    durationMs: 1,
    session: 'web',
    operationId: null,
    request: { method: 'POST', path: '/seeds', query: {}, headers: {}, body },
    response: { status: 201, headers: {}, body: null },
    source: 'stub:1',
    contract: {
      hash: 'h',
      request: { valid: true, violations: [] },
      response: { valid: true, violations: [] },
    },
  };
}

const traffic = [
  entry(1, { a: 'x'.repeat(2_000) }),
  entry(2, { a: 'y' }),
  entry(3, { b: 'x'.repeat(2_000) }),
  entry(4, { c: 'x'.repeat(2_000) }),
];

describe('condenseTraffic', () => {
  it('keeps one entry per request shape, counting the entries each stands for', async () => {
    const condense = condenseTraffic(contract);
    for (const one of traffic) condense.add(one);
    const kept = readKeptTraffic(await condense.finish(1_000_000));
    expect(kept.read).toBe(4);
    const entries = [...kept.entries];
    const ids = entries.map(({ weight, entry }) => [entry.id, weight]);
    // Of the two entries with an `a`, the one whose interaction sorts first.
    expect(ids.sort()).toEqual([
      ['1', 2],
      ['3', 1],
      ['4', 1],
    ]);
    // Built again from what was kept, the pact is the one of the whole traffic.
    const options = { consumer: 'web', provider: 'seeds', outsideContract: true };
    expect(
      buildPact(
        entries.map((k) => k.entry),
        contract,
        options,
      ).pact,
    ).toEqual(buildPact(traffic, contract, options).pact);
  });

  it('counts the shapes past its room as kept-limit, and stays within it', async () => {
    const condense = condenseTraffic(contract);
    for (const one of traffic) condense.add(one);
    const room = 4 * 1024 + 2_600;
    const lines = await condense.finish(room);
    expect(keptBytes(lines)).toBeLessThanOrEqual(room);
    const kept = readKeptTraffic(lines);
    const entries = [...kept.entries];
    expect(entries).toHaveLength(1);
    const fitted = entries[0]?.weight ?? 0;
    expect(kept.leftOut).toEqual([
      { kind: 'kept-limit', count: 4 - fitted, ids: expect.any(Array) as unknown },
    ]);
    // Read again, what was kept before goes on from where it was.
    const again = condenseTraffic(contract);
    await again.carry(lines);
    again.add(entry(5, { d: 1 }));
    const next = readKeptTraffic(await again.finish(1_000_000));
    expect(next.read).toBe(5);
    expect([...next.entries].map(({ weight }) => weight).sort()).toEqual([1, fitted].sort());
    expect(next.leftOut).toEqual(kept.leftOut);
  });
});

describe('the order a reset keeps entries by', () => {
  // Two creates of one request shape (the same fields, other values; answers with or without
  // headers and bodies): the cheap order text must sort them as their full interactions' JSON.
  it('sorts two entries of one shape as their interactions sort, so a pact builds only what it keeps', async () => {
    const { loadContract } = await import('../../../src/contract/load-contract.ts');
    const { toPactInteraction } = await import('../../../src/pact/to-pact-interaction.ts');
    const loaded = await loadContract('openapi.yaml');
    const operation = loaded.operations.find((op) => op.operationId === 'createPlant');
    const value = fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.boolean());
    const created = fc.record({
      path: fc.constantFrom('/plants', '/plants/'),
      name: fc.string({ maxLength: 6 }),
      tag: value,
      status: fc.constantFrom(200, 400),
      answer: fc.option(fc.dictionary(fc.constantFrom('name', 'tag', 'error'), value)),
      header: fc.option(fc.string({ maxLength: 4 })),
    });
    const entryOf = (
      c: typeof created extends fc.Arbitrary<infer T> ? T : never,
    ): JournalEntry => ({
      ...entry(1, { name: c.name, tag: c.tag }),
      operationId: 'createPlant',
      source: 'stateful',
      request: {
        method: 'POST',
        path: c.path,
        query: {},
        headers: { 'content-type': 'application/json' },
        body: { name: c.name, tag: c.tag },
      },
      response: {
        status: c.status,
        headers: {
          'content-type': 'application/json',
          ...(c.header === null ? {} : { 'x-request-id': c.header }),
        },
        body: c.answer,
      },
      contract: {
        hash: loaded.hash,
        request: { valid: true, violations: [] },
        response: { valid: true, violations: [] },
      },
    });
    const sign = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    fc.assert(
      fc.property(created, created, (a, b) => {
        const [one, two] = [entryOf(a), entryOf(b)];
        const [x, y] = [toPactInteraction(one, operation), toPactInteraction(two, operation)];
        fc.pre(x.shape === y.shape);
        const full = (e: JournalEntry) =>
          JSON.stringify(toPactInteraction(e, operation).withRules());
        expect(sign(x.order(), y.order())).toBe(sign(full(one), full(two)));
      }),
      { numRuns: 500 },
    );
    // So a pact that builds only the entries it keeps keeps, per shape, the interaction whose
    // JSON sorts first of all its entries'.
    const served = { hash: loaded.hash, operations: loaded.operations };
    const restOf = (built: PactV4Interaction): string => {
      const { type, key, description } = built;
      return JSON.stringify(built).slice(JSON.stringify({ type, key, description }).length - 1);
    };
    fc.assert(
      fc.property(fc.array(created, { maxLength: 40 }), (traffic) => {
        const entries = traffic.map((c, n) => ({ ...entryOf(c), id: String(n + 1) }));
        const first = new Map<string, string>();
        for (const one of entries) {
          const built = toPactInteraction(one, operation).withRules();
          const text = JSON.stringify(built);
          if (!((first.get(built.key) ?? text) < text)) first.set(built.key, text);
        }
        const builder = createPactBuilder(served, { consumer: 'web', provider: 'plants' });
        for (const one of entries) builder.add(one);
        const kept = builder.finish().interactions.map(({ key, rest }) => [key, rest]);
        const expected = [...first.values()].map((text) => {
          const built = JSON.parse(text) as PactV4Interaction;
          return [built.key, restOf(built)];
        });
        expect(kept.sort()).toEqual(expected.sort());
      }),
      { numRuns: 300 },
    );
  });
});
