import type { MaybePromise } from '../maybe-promise.ts';

/**
 * The most the counts of a session's kept traffic take (13 kinds, ten ids each): kept traffic
 * that holds only counts always fits (see PactLedger).
 */
export const keptCountsBytes = 4 * 1024;

/**
 * The most the traffic kept for sessions' pacts from before their resets may hold over all
 * sessions, in bytes of JSON (UTF-8); the counts of each session come on top (keptCountsBytes).
 */
export const keptPactBytes = 32 * 2 ** 20;

/**
 * A session's kept traffic (see condenseTraffic) as lines of UTF-8: its counts, then an entry a
 * line, so that no reader or writer handles all of it at once (32 MiB held the loop 100 ms).
 */
export type KeptLines = readonly Buffer[];

/**
 * The bytes kept lines take, a newline after each.
 *
 * @example
 * keptBytes([Buffer.from('{"read":0,"leftOut":[]}')]); // 24
 */
export function keptBytes(lines: KeptLines): number {
  let bytes = 0;
  for (const line of lines) bytes += line.length + 1;
  return bytes;
}

/**
 * Each session's pact traffic from before its journal was cleared (condenseTraffic's lines),
 * within one byte limit over all sessions: in memory (createPactLedger) or shared.
 */
export interface PactLedger {
  /** The session's kept traffic (every session's for `*`), each a line at a time. */
  read(session: string): MaybePromise<Iterable<Buffer>[]>;
  /** Bytes the session's kept traffic may take (what it takes now counts as free). */
  room(session: string): MaybePromise<number>;
  /**
   * Replaces the session's kept traffic; false when it does not fit any more (another writer
   * took the room). Lines of at most keptCountsBytes always fit.
   */
  write(session: string, lines: KeptLines): MaybePromise<boolean>;
  /** Forgets the session's kept traffic (every session's for `*`); also on its eviction. */
  clear(session: string): MaybePromise<void>;
  /**
   * When the shared store lost its data (Redis restarted empty), unless the session's pact (every
   * pact for `*`) was cleared since: what it kept is gone. A ledger in memory never loses it.
   */
  lostAt?(session: string): MaybePromise<string | undefined>;
}

/**
 * The pact ledger in memory: each session's kept traffic as one buffer of its lines, outside the
 * heap (a buffer a line would cost ~100 B more each, and a short one pins Node's 8 KiB pool).
 *
 * @example
 * const ledger = createPactLedger();
 * ledger.write('web', lines); // true
 */
export function createPactLedger(limit: number = keptPactBytes): PactLedger {
  const kept = new Map<string, Buffer>();
  let bytes = 0;
  const own = (session: string): number => kept.get(session)?.length ?? 0;
  return {
    read: (session) =>
      session === '*'
        ? [...kept.values()].map(linesOf)
        : [kept.get(session)].filter((text) => text !== undefined).map(linesOf),
    room: (session) => limit - bytes + own(session),
    write(session, lines) {
      const size = keptBytes(lines);
      const before = own(session);
      if (size > keptCountsBytes && bytes - before + size > limit) return false;
      kept.set(session, joinLines(lines));
      bytes += size - before;
      return true;
    },
    clear(session) {
      if (session === '*') {
        kept.clear();
        bytes = 0;
        return;
      }
      bytes -= own(session);
      kept.delete(session);
    },
  };
}

const newline = Buffer.from('\n');

/**
 * Kept lines as one buffer, a newline after each (keptBytes long).
 *
 * @example
 * joinLines([Buffer.from('a'), Buffer.from('b')]).toString(); // 'a\nb\n'
 */
export function joinLines(lines: KeptLines): Buffer {
  return Buffer.concat(lines.flatMap((line) => [line, newline]));
}

/**
 * The lines of a buffer joinLines made, as views of it (no copy), one at a time.
 *
 * @example
 * [...linesOf(Buffer.from('a\nb\n'))].map(String); // ['a', 'b']
 */
export function* linesOf(text: Buffer): Generator<Buffer> {
  for (let start = 0; start < text.length;) {
    const end = text.indexOf(0x0a, start);
    yield text.subarray(start, end === -1 ? text.length : end);
    if (end === -1) return;
    start = end + 1;
  }
}
