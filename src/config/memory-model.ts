import type { ResolvedConfig } from './config-schema.ts';

const kib = 1024;
const mib = 1024 * kib;

/**
 * What each bounded part of the mock can hold at most, per unit of its limit. Measured on Node 24
 * (see test/integration/memory-bounds.test.ts, which holds a scaled run under the sum) and rounded up.
 */
export const memoryCosts = {
  /**
   * One journal entry: a request body kept to 16 KiB, a response body kept to 16 KiB, headers
   * (Node refuses more than 16 KiB of them) and the rest of the entry; as UTF-8 outside the heap.
   */
  journalEntry: 49 * kib,
  /** One id the store remembers: a number, or a string of at most ~70 bytes (longer ids are hashed). */
  storeId: 128,
  /**
   * One item write a resource's store remembers, beside its JSON text (--store-size-limit, two
   * bytes a character at worst): its map entry, its place in the order of writes and its key.
   */
  storedItem: 256,
  /** One session: its name (at most 256 bytes) in each part that keys by it, and their maps. */
  session: 4 * kib,
  /** Coverage of one session, per operation and status it was answered with. */
  coveragePair: 256,
  /** One stub beside its size: its entry, its compiled pattern, its ids. */
  stubOverhead: 4 * kib,
  /**
   * One client of GET /__admin/events: what it may leave unsent (64 KiB) and the entry written
   * over it, then it is dropped; and its connection.
   */
  eventClient: 256 * kib,
  /** Log lines that wait for a slow stdout. */
  logBuffer: 4 * mib,
  /** Interactions that wait for a slow record file. */
  recordFileBuffer: 8 * mib,
  /**
   * The pact GET /__admin/pact builds and writes (one at a time): pactLimitBytes of interactions,
   * and the order texts of shapes that came more than once, at most as much again.
   */
  pact: 64 * mib,
  /** What sessions' pacts keep of their traffic from before their resets: keptPactBytes. */
  keptPact: 32 * mib,
  /** Per session, the counts of what its kept traffic left out (keptCountsBytes), which always fit. */
  keptCounts: 4 * kib,
} as const;

/** The worst case of each limit, in bytes. */
export interface MemoryBound {
  journal: number;
  store: number;
  sessions: number;
  stubs: number;
  events: number;
  outputs: number;
  /** The pact being built, and the traffic sessions' pacts keep from before their resets. */
  pact: number;
  total: number;
}

/**
 * The most the limited parts can hold at these settings, over what the mock holds at start
 * (Node, V8 and the contract: ~100 MiB of RSS). Requests in flight come on top: each holds at
 * most --max-body, and with --upstream as much again for the provider's answer. A stub's body is kept as its JSON text, two bytes a character at worst;
 * `coverageOperations` is how many (operation, status) pairs one session is answered with.
 *
 * @example
 * memoryBound(resolveConfig({})).total / 2 ** 20; // ~890 (MiB) at the defaults
 */
export function memoryBound(
  config: Pick<
    ResolvedConfig,
    | 'journalLimit'
    | 'storeLimit'
    | 'storeSizeChars'
    | 'sessionLimit'
    | 'stubLimit'
    | 'stubSizeBytes'
    | 'eventClientLimit'
    | 'recordFile'
  >,
  coveragePairs = 8,
): MemoryBound {
  const journal = config.journalLimit * memoryCosts.journalEntry;
  const store =
    config.storeLimit * (memoryCosts.storeId + memoryCosts.storedItem) + 2 * config.storeSizeChars;
  const sessions =
    config.sessionLimit *
    (memoryCosts.session + memoryCosts.keptCounts + coveragePairs * memoryCosts.coveragePair);
  const stubs = config.stubLimit * (2 * config.stubSizeBytes + memoryCosts.stubOverhead);
  const events = config.eventClientLimit * memoryCosts.eventClient;
  const outputs =
    memoryCosts.logBuffer + (config.recordFile === undefined ? 0 : memoryCosts.recordFileBuffer);
  const pact = memoryCosts.pact + memoryCosts.keptPact;
  const parts = { journal, store, sessions, stubs, events, outputs, pact };
  return { ...parts, total: Object.values(parts).reduce((sum, part) => sum + part, 0) };
}
