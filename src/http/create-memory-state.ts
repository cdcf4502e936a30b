import type { Logger } from 'pino';
import type { ResolvedConfig } from '../config/config-schema.ts';
import type { LiveContract } from '../contract/live-contract.ts';
import { createCoverage } from '../observe/coverage.ts';
import { createEventHub } from '../observe/event-hub.ts';
import { createJournal } from '../observe/journal.ts';
import { createPactLedger } from '../pact/pact-ledger.ts';
import { createMemoryStore, storeFullWarning } from '../responders/store/record-store.ts';
import { joinItems } from '../responders/resources/join-items.ts';
import type { Fixtures } from '../responders/store/load-fixtures.ts';
import { createMemoryItemStore } from '../responders/resources/memory-item-store.ts';
import { createStubRegistry } from '../responders/stubs/create-stub-registry.ts';
import { createSessionTable } from '../sessions/session-table.ts';

/** The mock's state in this process: the default, `--store memory`. */
export function createMemoryState(
  config: ResolvedConfig,
  fixtures: Fixtures,
  logger: Logger,
  contract: LiveContract,
) {
  const onFull = () => {
    logger.warn(storeFullWarning(config.storeLimit));
  };
  const store = joinItems(
    createMemoryStore(fixtures.records, { limit: config.storeLimit, onFull }),
    createMemoryItemStore(fixtures.items, {
      limit: config.storeLimit,
      chars: config.storeSizeChars,
      onFull,
    }),
  );
  const coverage = createCoverage(() => contract.current.operations);
  const stubs = createStubRegistry({
    limit: config.stubLimit,
    sessionLimit: config.sessionStubLimit,
  });
  const pactLedger = createPactLedger();
  let warnedOfEviction = false;
  const sessions = createSessionTable(config.sessionLimit, (session) => {
    store.evict(session);
    stubs.clear(session);
    coverage.clear(session);
    journal.forget(session);
    void pactLedger.clear(session);
    if (warnedOfEviction) return;
    warnedOfEviction = true;
    logger.warn(
      `More than ${config.sessionLimit} sessions (--session-limit): from now on the least recently used session's store, stubs and coverage are forgotten (GET /__admin/health counts them).`,
    );
  });
  const journal = createJournal(config.journalLimit, (session) => sessions.has(session));
  const events = createEventHub({ clientLimit: config.eventClientLimit });
  return { store, journal, pactLedger, coverage, stubs, sessions, events };
}
