import type { Mode } from '../config/config-schema.ts';
import type { Contract } from '../engine/load-contract.ts';
import type { Coverage } from '../journal/coverage.ts';
import type { Journal } from '../journal/journal.ts';
import type { RecordStore } from '../store/record-store.ts';

export interface AdminDeps {
  contract: Contract;
  mode: Mode;
  store: RecordStore;
  journal: Journal;
  coverage: Coverage;
  adminToken: string | undefined;
  version: string;
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
}

export type AdminHandler = (context: AdminContext) => AdminReply;
