import type { MaybePromise } from '../maybe-promise.ts';
import { keptCountsBytes } from './condense-traffic.ts';

/**
 * The most the traffic kept for sessions' pacts from before their resets may hold over all
 * sessions, in bytes of JSON (UTF-8); the counts of each session come on top (keptCountsBytes).
 */
export const keptPactBytes = 32 * 2 ** 20;

/**
 * Each session's pact traffic from before its journal was cleared (condenseTraffic's JSON text),
 * within one byte limit over all sessions: in memory (createPactLedger) or shared.
 */
export interface PactLedger {
  /** The session's kept traffic (every session's for `*`). */
  read(session: string): MaybePromise<string[]>;
  /** Bytes the session's kept traffic may take (what it takes now counts as free). */
  room(session: string): MaybePromise<number>;
  /**
   * Replaces the session's kept traffic; false when it does not fit any more (another writer
   * took the room). Text of at most keptCountsBytes always fits.
   */
  write(session: string, text: string): MaybePromise<boolean>;
  /** Forgets the session's kept traffic (every session's for `*`); also on its eviction. */
  clear(session: string): MaybePromise<void>;
  /**
   * When the shared store lost its data (Redis restarted empty), unless the session's pact (every
   * pact for `*`) was cleared since: what it kept is gone. A ledger in memory never loses it.
   */
  lostAt?(session: string): MaybePromise<string | undefined>;
}

/**
 * The pact ledger in memory: each session's kept traffic as a UTF-8 buffer, outside the heap.
 *
 * @example
 * const ledger = createPactLedger();
 * ledger.write('web', text); // true
 */
export function createPactLedger(limit: number = keptPactBytes): PactLedger {
  const kept = new Map<string, Buffer>();
  let bytes = 0;
  return {
    read: (session) =>
      session === '*'
        ? [...kept.values()].map((buffer) => buffer.toString())
        : [kept.get(session)?.toString()].filter((text) => text !== undefined),
    room: (session) => limit - bytes + (kept.get(session)?.length ?? 0),
    write(session, text) {
      const buffer = Buffer.from(text);
      const own = kept.get(session)?.length ?? 0;
      if (buffer.length > keptCountsBytes && bytes - own + buffer.length > limit) return false;
      kept.set(session, buffer);
      bytes += buffer.length - own;
      return true;
    },
    clear(session) {
      if (session === '*') {
        kept.clear();
        bytes = 0;
        return;
      }
      bytes -= kept.get(session)?.length ?? 0;
      kept.delete(session);
    },
  };
}
