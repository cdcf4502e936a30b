import type { ServerResponse } from 'node:http';
import type { ResolvedConfig } from '../config/config-schema.ts';
import type { LiveContract } from '../contract/live-contract.ts';
import type { Coverage } from '../observe/coverage.ts';
import type { Journal } from '../observe/journal.ts';
import type { RecordFile } from '../observe/record-file.ts';
import type { SessionTable } from '../sessions/session-table.ts';
import type { RecordStore } from '../responders/store/record-store.ts';
import type { StubRegistry } from '../responders/stubs/stub-registry.ts';
import type { EventHub } from '../observe/event-hub.ts';
import type { PactLedger } from '../pact/pact-ledger.ts';

export interface AdminDeps {
  /** The settings the admin API reads; --stub-size-limit bounds a stub's JSON. */
  config: Pick<ResolvedConfig, 'mode' | 'adminToken' | 'maxDelay' | 'stubSizeBytes'>;
  contract: LiveContract;
  store: RecordStore;
  journal: Journal;
  /** Journal entries as they are recorded, for GET /__admin/events. */
  events: EventHub;
  coverage: Coverage;
  stubs: StubRegistry;
  /** Each session's traffic from before its resets, for its pact (see clearJournalKeepingPact). */
  pactLedger: PactLedger;
  /** Sessions with state, and how many were evicted (--session-limit). */
  sessions: SessionTable;
  recordFile: RecordFile | undefined;
  version: string;
  /** With a shared store (`--store redis://...`): whether it answers, for health. */
  shared?: { status(): { kind: 'redis'; url: string; connected: boolean } };
}

/** What an admin handler gets: the server's parts, the session asked about, the request's data. */
export interface AdminContext {
  deps: AdminDeps;
  /** From `X-Mock-Session` or `?session=`; `default` without either; `*` for every session. */
  session: string;
  query: Record<string, unknown>;
  params: Record<string, string>;
  body: unknown;
}

export interface AdminReply {
  status: number;
  body?: unknown;
  /**
   * Instead of `body`: the JSON answer as pieces of text, written as the client takes them, for
   * journal reads (hundreds of megabytes at the default limits: whole, they hold the event loop).
   */
  jsonChunks?: AsyncIterable<string>;
  /** Instead of a body: the handler writes the answer itself (a stream of events, a page). */
  respond?: (res: ServerResponse) => void;
}

export type AdminHandler = (context: AdminContext) => AdminReply | Promise<AdminReply>;
