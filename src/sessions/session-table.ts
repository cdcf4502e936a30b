import type { MaybePromise } from '../maybe-promise.ts';
import { allSessions } from './session-of.ts';

/** Forgets the per-session state of a session the table evicts. */
export type ForgetSession = (session: string) => void;

export interface SessionTableStats {
  /** Sessions with state now. */
  live: number;
  limit: number;
  /** Sessions evicted so far, least recently used first, to stay within the limit. */
  evicted: number;
}

/**
 * Keeps at most `limit` sessions with state: past it the least recently used is evicted, each part
 * is forgotten (`forget`) and the eviction is counted. A Map re-set on each touch is the LRU list.
 */
export function createSessionTable(limit: number, forget: ForgetSession) {
  const sessions = new Map<string, true>();
  let evicted = 0;

  return {
    /** Marks the session as just used; evicts the least recently used one past the limit. */
    touch(session: string): void {
      // `*` names every session (its stubs answer them all): evicting it would forget everything.
      if (session === allSessions) return;
      if (sessions.delete(session)) {
        sessions.set(session, true);
        return;
      }
      sessions.set(session, true);
      if (sessions.size <= limit) return;
      const oldest = sessions.keys().next().value as string;
      sessions.delete(oldest);
      evicted++;
      forget(oldest);
    },
    /** Whether the session has state now (it was touched and not evicted since). */
    has(session: string): boolean {
      return sessions.has(session);
    },
    /** Forgets every session, or one (a reset); that is not an eviction. */
    remove(session?: string): void {
      if (session === undefined) sessions.clear();
      else sessions.delete(session);
    },
    stats(): SessionTableStats {
      return { live: sessions.size, limit, evicted };
    },
  };
}

/** The sessions with state: in memory (createSessionTable) or shared (Redis). */
export interface SessionTable {
  /** Marks the session as just used; evicts the least recently used one past the limit. */
  touch(session: string): void;
  /** Whether the session has state now (it was touched and not evicted since). */
  has(session: string): MaybePromise<boolean>;
  /** Forgets every session, or one (a reset); that is not an eviction. */
  remove(session?: string): MaybePromise<void>;
  stats(): MaybePromise<SessionTableStats>;
}
