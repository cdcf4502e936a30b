import { describe } from 'vitest';
import { createCoverage } from '../../src/observe/coverage.ts';
import { createJournal } from '../../src/observe/journal.ts';
import { createPactLedger } from '../../src/pact/pact-ledger.ts';
import { createMemoryItemStore } from '../../src/responders/resources/memory-item-store.ts';
import { createMemoryStore } from '../../src/responders/store/record-store.ts';
import { createStubRegistry } from '../../src/responders/stubs/create-stub-registry.ts';
import { createSessionTable } from '../../src/sessions/session-table.ts';
import {
  coverageSuite,
  journalSuite,
  pactLedgerSuite,
  recordStoreSuite,
  sessionTableSuite,
  stubRegistrySuite,
} from '../support/state-suites.ts';
import { itemStoreSuite } from '../support/item-store-suite.ts';

// The in-memory state runs the suites that the Redis state runs too (test/integration/state-redis.test.ts).
describe('the in-memory store', () => {
  recordStoreSuite(({ fixtures, limit }) =>
    createMemoryStore(fixtures, { limit: limit ?? Infinity }),
  );
});
describe("the in-memory store of the resources' items", () => {
  itemStoreSuite(({ fixtures = new Map(), limit = Infinity, chars = Infinity }) =>
    createMemoryItemStore(fixtures, { limit, chars }),
  );
});
describe('the in-memory stub registry', () => {
  stubRegistrySuite(({ limit, sessionLimit }) =>
    createStubRegistry({ limit: limit ?? Infinity, sessionLimit: sessionLimit ?? Infinity }),
  );
});
describe('the in-memory journal', () => {
  journalSuite(({ limit }) => createJournal(limit));
});
describe('the in-memory pact ledger', () => {
  pactLedgerSuite(({ limit }) => createPactLedger(limit));
});
describe('the in-memory coverage', () => {
  coverageSuite(({ operations }) => createCoverage(() => operations));
});
describe('the in-memory session table', () => {
  sessionTableSuite(({ limit, forget }) => createSessionTable(limit, forget));
});
