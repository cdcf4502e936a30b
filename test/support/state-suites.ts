import { expect, it } from 'vitest';
import type { ContractOperation } from '../../src/contract/contract-operation.ts';
import type { Interaction } from '../../src/interactions/interaction.ts';
import type { Coverage } from '../../src/observe/coverage.ts';
import type { Journal } from '../../src/observe/journal.ts';
import { keptBytes, type PactLedger } from '../../src/pact/pact-ledger.ts';
import type { RecordStore, StoredRecord } from '../../src/responders/store/record-store.ts';
import type { Stub } from '../../src/responders/stubs/stub.ts';
import type { StubRegistry } from '../../src/responders/stubs/stub-registry.ts';
import type { ForgetSession, SessionTable } from '../../src/sessions/session-table.ts';

// The behaviour every implementation of the state's interfaces shares: the in-memory ones (unit
// tests) and the Redis ones (integration tests, with a redis-server) run these same suites.

type Make<T, O> = (options: O) => Promise<T> | T;

/** The RecordStore's behaviour. */
export function recordStoreSuite(
  make: Make<RecordStore, { fixtures?: StoredRecord[]; limit?: number }>,
): void {
  it('creates an id once per session, and never a fixture id', async () => {
    const store = await make({ fixtures: [{ id: 1 }] });
    expect(await store.insert('a', 2)).toBe(true);
    expect(await store.insert('a', 2)).toBe(false);
    expect(await store.insert('b', 2)).toBe(true);
    expect(await store.insert('a', 1)).toBe(false);
  });

  it('tells 7 from "7", and ids past 2^53 apart', async () => {
    const store = await make({});
    expect(await store.insert('a', 7)).toBe(true);
    expect(await store.insert('a', '7')).toBe(true);
    expect(await store.insert('a', 9007199254740992n)).toBe(true);
    expect(await store.insert('a', 9007199254740993n)).toBe(true);
    expect(await store.insert('a', 9007199254740993n)).toBe(false);
  });

  it('forgets the oldest past the limit, and a reset session leaves the order', async () => {
    const store = await make({ limit: 3 });
    await store.insert('a', 1);
    await store.insert('b', 1);
    await store.insert('a', 2);
    await store.reset('a');
    await store.insert('b', 2);
    await store.insert('b', 3);
    expect(await store.insert('b', 1)).toBe(false);
    await store.insert('b', 4);
    expect(await store.insert('b', 1)).toBe(true);
    expect(await store.insert('a', 1)).toBe(true);
  });

  it('puts one session or all of them back to the fixtures', async () => {
    const store = await make({ fixtures: [{ id: 1 }] });
    await store.insert('a', 2);
    await store.insert('b', 2);
    await store.reset('a');
    expect(await store.insert('a', 2)).toBe(true);
    expect(await store.insert('b', 2)).toBe(false);
    await store.reset();
    expect(await store.insert('b', 2)).toBe(true);
    expect(await store.insert('b', 1)).toBe(false);
  });

  it('forgets an evicted session, and takes new fixtures', async () => {
    const store = await make({ fixtures: [{ id: 1 }] });
    await store.insert('a', 2);
    store.evict('a');
    expect(await store.insert('a', 2)).toBe(true);
    await store.replaceFixtures([{ id: 2 }]);
    expect(await store.insert('a', 1)).toBe(true);
    expect(await store.insert('b', 2)).toBe(false);
  });
}

/** A stub as the admin API registers it. */
export function stubOf(
  registry: StubRegistry,
  session: string,
  fields: Partial<Stub> & Pick<Stub, 'pattern'>,
): Stub {
  return {
    id: registry.nextId(),
    session,
    createdAt: new Date(0).toISOString(),
    uses: 0,
    operationIds: [],
    violations: [],
    response: { status: 200, body: { name: 'Fern' } },
    ...fields,
  };
}

/** A request as stubs are matched against it. */
export function probe(method: string, path: string): Interaction {
  return {
    id: '1',
    receivedAt: new Date(0).toISOString(),
    durationMs: 0,
    session: 'default',
    operationId: null,
    request: { method, path, query: {}, headers: {}, body: null },
    response: { status: 0, headers: {}, body: null },
    source: 'stub',
    contract: {
      hash: '',
      request: { valid: true, violations: [] },
      response: { valid: true, violations: [] },
    },
  };
}

/** The StubRegistry's behaviour. */
export function stubRegistrySuite(
  make: Make<StubRegistry, { limit?: number; sessionLimit?: number }>,
): void {
  const get = probe('GET', '/plants');

  it('answers with the lowest priority number, the newest among equals, its uses counted', async () => {
    const stubs = await make({});
    const old = stubOf(stubs, 'a', { pattern: { method: 'GET' } });
    await stubs.add(old);
    const newer = stubOf(stubs, 'a', { pattern: { path: '/plants' } });
    await stubs.add(newer);
    const first = stubOf(stubs, 'a', { pattern: { method: 'POST' }, priority: 1 });
    await stubs.add(first);
    const taken = await stubs.take('a', () => get);
    expect(taken?.id).toBe(newer.id);
    expect(taken?.uses).toBe(1);
    expect((await stubs.take('a', () => get))?.uses).toBe(2);
    expect(await stubs.take('b', () => get)).toBeUndefined();
    expect((await stubs.list('a')).map((stub) => stub.id)).toEqual([first.id, newer.id, old.id]);
    expect((await stubs.get('a', newer.id))?.uses).toBe(2);
    expect((await stubs.get('a', newer.id))?.response?.body).toEqual({ name: 'Fern' });
  });

  it('answers by the stub that matches, its uses counted, and else by the other answer', async () => {
    const stubs = await make({});
    const answer = async (): Promise<string> =>
      stubs.answer(
        'a',
        () => get,
        (stub) => `${stub.id} ${stub.uses}`,
        () => 'by the mode',
      );
    expect(await answer()).toBe('by the mode');
    const twice = stubOf(stubs, 'a', { pattern: { method: 'GET' }, times: 2 });
    await stubs.add(twice);
    expect(await answer()).toBe(`${twice.id} 1`);
    expect(await answer()).toBe(`${twice.id} 2`);
    expect(await answer()).toBe('by the mode');
  });

  it('removes a stub once it is spent, and answers every session with a `*` stub', async () => {
    const stubs = await make({});
    const once = stubOf(stubs, '*', { pattern: { method: 'GET' }, times: 1 });
    await stubs.add(once);
    expect((await stubs.take('b', () => get))?.id).toBe(once.id);
    expect(await stubs.take('b', () => get)).toBeUndefined();
    expect(await stubs.count('*')).toBe(0);
  });

  it('counts a use once when many take at the same time', async () => {
    const stubs = await make({});
    await stubs.add(stubOf(stubs, 'a', { pattern: { method: 'GET' }, times: 3 }));
    const taken = await Promise.all(
      Array.from({ length: 20 }, async () => stubs.take('a', () => get)),
    );
    expect(taken.filter((stub) => stub !== undefined)).toHaveLength(3);
  });

  it('removes, clears and counts by session', async () => {
    const stubs = await make({});
    const a = stubOf(stubs, 'a', { pattern: { method: 'GET' } });
    await stubs.add(a);
    await stubs.add(stubOf(stubs, 'a', { pattern: { method: 'PUT' } }));
    await stubs.add(stubOf(stubs, 'b', { pattern: { method: 'GET' } }));
    expect(await stubs.count('a')).toBe(2);
    expect(await stubs.count('*')).toBe(3);
    expect(await stubs.remove('b', a.id)).toBe(false);
    expect(await stubs.get('b', a.id)).toBeUndefined();
    expect(await stubs.remove('a', a.id)).toBe(true);
    await stubs.clear('a');
    expect(await stubs.count('*')).toBe(1);
    await stubs.clear('*');
    expect(await stubs.list('*')).toEqual([]);
  });

  it('refuses stubs past the session and total limits', async () => {
    const stubs = await make({ limit: 3, sessionLimit: 2 });
    await stubs.add(stubOf(stubs, 'a', { pattern: {} }));
    await stubs.add(stubOf(stubs, 'a', { pattern: {} }));
    await expect(async () => stubs.add(stubOf(stubs, 'a', { pattern: {} }))).rejects.toThrow(
      /--session-stub-limit/,
    );
    await stubs.add(stubOf(stubs, 'b', { pattern: {} }));
    await expect(async () => stubs.add(stubOf(stubs, 'c', { pattern: {} }))).rejects.toThrow(
      /--stub-limit/,
    );
  });
}

/** The ids a journal scan yields. */
export async function all(entries: AsyncIterable<Interaction>): Promise<string[]> {
  const ids: string[] = [];
  for await (const entry of entries) ids.push(entry.id);
  return ids;
}

/** The Journal's behaviour. */
export function journalSuite(make: Make<Journal, { limit: number }>): void {
  const add = (journal: Journal, session: string): string => {
    const id = journal.nextId();
    journal.add(id, session, JSON.stringify({ ...probe('GET', '/plants'), id, session }));
    return id;
  };

  it('keeps entries in order, per session, and finds one by id', async () => {
    const journal = await make({ limit: 100 });
    const ids = [add(journal, 'a'), add(journal, 'b'), add(journal, 'a')];
    expect(await all(journal.scan('a'))).toEqual([ids[0], ids[2]]);
    expect(await all(journal.scan('*', true))).toEqual([...ids].reverse());
    expect((await journal.get('b', ids[1] as string))?.session).toBe('b');
    expect(await journal.get('a', ids[1] as string)).toBeUndefined();
  });

  it('drops the oldest past the limit and counts the drops per session', async () => {
    const journal = await make({ limit: 3 });
    const ids = [add(journal, 'a'), add(journal, 'b'), add(journal, 'a'), add(journal, 'b')];
    add(journal, 'b');
    expect(await all(journal.scan('*'))).toEqual([ids[2], ids[3], expect.any(String)]);
    expect(await journal.dropped('a')).toBe(1);
    expect(await journal.dropped('b')).toBe(1);
    expect(await journal.dropped('*')).toBe(2);
  });

  it('reads past a page, and clears one session or all', async () => {
    const journal = await make({ limit: 1_000 });
    for (let i = 0; i < 450; i++) add(journal, i % 3 === 0 ? 'a' : 'b');
    expect(await all(journal.scan('a'))).toHaveLength(150);
    expect(await all(journal.scan('*', true))).toHaveLength(450);
    await journal.clear('a');
    expect(await all(journal.scan('a'))).toHaveLength(0);
    expect(await all(journal.scan('*'))).toHaveLength(300);
    await journal.clear('*');
    expect(await all(journal.scan('*'))).toHaveLength(0);
  });

  it('clears what a reset read: an entry read then dropped counts once, a later drop stays', async () => {
    const journal = await make({ limit: 4 });
    const ids = new Set([add(journal, 'a'), add(journal, 'a'), add(journal, 'a')]);
    add(journal, 'a'); // recorded after the reset's scan: not read
    add(journal, 'b'); // drops the first entry read
    const read = new Map([['a', ids]]);
    expect((await journal.droppedUnread('a', read)).get('a')).toBe(0);
    for (let i = 0; i < 3; i++) add(journal, 'b'); // drops the two others read, then the unread one
    await journal.clear('a', new Map([['a', { ids, counted: 0 }]]));
    expect(await all(journal.scan('a'))).toEqual([]);
    expect(await journal.dropped('a')).toBe(1);
    expect(await journal.dropped('b')).toBe(0);
  });
}

/** The PactLedger's behaviour: kept traffic per session, within one byte limit over them all. */
export function pactLedgerSuite(make: Make<PactLedger, { limit: number }>): void {
  const lines = (size: number): Buffer[] => [
    Buffer.from(JSON.stringify({ read: 1, leftOut: [] })),
    Buffer.from(JSON.stringify({ weight: 1, pad: 'x'.repeat(size) })),
  ];
  const text = (read: Iterable<Buffer>[]): string[] =>
    read.map((kept) => [...kept].map(String).join('\n'));
  const written = (size: number): string => lines(size).map(String).join('\n');

  it('keeps lines per session, replaces them, and reads one session or all', async () => {
    const ledger = await make({ limit: 100_000 });
    expect(await ledger.read('a')).toEqual([]);
    expect(await ledger.write('a', lines(10))).toBe(true);
    expect(await ledger.write('b', lines(20))).toBe(true);
    expect(await ledger.write('a', lines(30))).toBe(true);
    expect(text(await ledger.read('a'))).toEqual([written(30)]);
    expect(text(await ledger.read('*')).sort()).toEqual([written(30), written(20)].sort());
    await ledger.clear('a');
    expect(await ledger.read('a')).toEqual([]);
    await ledger.clear('*');
    expect(await ledger.read('*')).toEqual([]);
  });

  it('refuses lines past the limit over all sessions, but always takes counts alone', async () => {
    const ledger = await make({ limit: 20_000 });
    expect(await ledger.room('a')).toBe(20_000);
    expect(await ledger.write('a', lines(12_000))).toBe(true);
    const taken = keptBytes(lines(12_000));
    expect(await ledger.room('a')).toBe(20_000);
    expect(await ledger.room('b')).toBe(20_000 - taken);
    expect(await ledger.write('b', lines(12_000))).toBe(false);
    expect(await ledger.read('b')).toEqual([]);
    // Lines of at most 4 KiB (a session's counts of what was left out) always fit.
    expect(await ledger.write('b', lines(3_000))).toBe(true);
    await ledger.clear('a');
    expect(await ledger.room('b')).toBe(20_000);
    expect(await ledger.write('c', lines(12_000))).toBe(true);
  });
}

const operation = {
  operationId: 'createPlant',
  method: 'post',
  path: '/plants',
  statuses: [200, 400],
  security: [],
} as unknown as ContractOperation;

/** The Coverage's behaviour. */
export function coverageSuite(make: Make<Coverage, { operations: ContractOperation[] }>): void {
  it('counts statuses per session, reports every session with *, and clears', async () => {
    const coverage = await make({ operations: [operation] });
    coverage.record('a', 'createPlant', 200);
    coverage.record('b', 'createPlant', 200, true);
    const report = await coverage.report('*');
    expect(report.operations[0]?.responses).toEqual({ 200: 2, 400: 0 });
    expect(report.operations[0]?.violations).toBe(1);
    expect((await coverage.report('a')).uncovered.map((u) => u.status)).toEqual(['400']);
    await coverage.clear('a');
    expect((await coverage.report('*')).operations[0]?.responses).toEqual({ 200: 1, 400: 0 });
    await coverage.clear('*');
    expect((await coverage.report('b')).operations[0]?.violations).toBe(0);
  });
}

/** The SessionTable's behaviour. */
export function sessionTableSuite(
  make: Make<SessionTable, { limit: number; forget: ForgetSession }>,
): void {
  it('evicts the least recently used session past the limit, and counts it', async () => {
    const forgotten: string[] = [];
    const sessions = await make({ limit: 2, forget: (s) => forgotten.push(s) });
    sessions.touch('a');
    sessions.touch('b');
    sessions.touch('a');
    sessions.touch('c');
    await expect.poll(() => forgotten).toEqual(['b']);
    expect(await sessions.has('a')).toBe(true);
    expect(await sessions.has('b')).toBe(false);
    expect(await sessions.stats()).toEqual({ live: 2, limit: 2, evicted: 1 });
    await sessions.remove('a');
    expect(await sessions.has('a')).toBe(false);
    await sessions.remove();
    expect((await sessions.stats()).live).toBe(0);
  });

  it('orders sessions by their last touch when one is touched many times in a row', async () => {
    const forgotten: string[] = [];
    const sessions = await make({ limit: 2, forget: (s) => forgotten.push(s) });
    for (const session of ['a', 'a', 'b', 'b', 'a', 'c', 'c']) sessions.touch(session);
    await expect.poll(() => forgotten).toEqual(['b']);
    sessions.touch('d');
    await expect.poll(() => forgotten).toEqual(['b', 'a']);
    expect(await sessions.stats()).toEqual({ live: 2, limit: 2, evicted: 2 });
  });
}
