import { describe, expect, it } from 'vitest';
import { buildPact } from '../../../src/pact/build-pact.ts';
import { condenseTraffic, readKeptTraffic } from '../../../src/pact/condense-traffic.ts';
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
  it('keeps one entry per request shape, counting the entries each stands for', () => {
    const condense = condenseTraffic(contract);
    for (const one of traffic) condense.add(one);
    const kept = readKeptTraffic(condense.finish(1_000_000));
    expect(kept.read).toBe(4);
    const ids = kept.entries.map(({ weight, entry }) => [entry.id, weight]);
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
        kept.entries.map((k) => k.entry),
        contract,
        options,
      ).pact,
    ).toEqual(buildPact(traffic, contract, options).pact);
  });

  it('counts the shapes past its room as kept-limit, and stays within it', () => {
    const condense = condenseTraffic(contract);
    for (const one of traffic) condense.add(one);
    const room = 4 * 1024 + 2_600;
    const text = condense.finish(room);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(room);
    const kept = readKeptTraffic(text);
    expect(kept.entries).toHaveLength(1);
    const fitted = kept.entries[0]?.weight ?? 0;
    expect(kept.leftOut).toEqual([
      { kind: 'kept-limit', count: 4 - fitted, ids: expect.any(Array) as unknown },
    ]);
    // Read again, what was kept before goes on from where it was.
    const again = condenseTraffic(contract, text);
    again.add(entry(5, { d: 1 }));
    const next = readKeptTraffic(again.finish(1_000_000));
    expect(next.read).toBe(5);
    expect(next.entries.map(({ weight }) => weight).sort()).toEqual([1, fitted].sort());
    expect(next.leftOut).toEqual(kept.leftOut);
  });
});
