import type { Interaction } from '../interactions/interaction.ts';
import type { Journal } from '../observe/journal.ts';
import { parseExactJson } from '../parsing/exact-json.ts';
import { allSessions } from '../sessions/session-of.ts';
import { batchedScript, settle } from './batched-script.ts';
import { lossKeys, readLostAt } from './data-loss.ts';
import type { RedisConnection } from './redis-connection.ts';
import {
  addScript,
  clearScript,
  droppedUnreadScript,
  journalKeys,
  rangeScript,
} from './redis-journal-scripts.ts';
import type { ReplicaIds } from './replica-ids.ts';

const pageSize = 200;

export interface RedisJournalOptions {
  limit: number;
  /** Bytes of entries kept at most; the oldest go first past it. */
  maxBytes: number;
}

/**
 * The interaction journal in Redis: every replica appends to one list, bounded by entries and by
 * bytes in the script that appends, so that any replica reads the same journal. Appends are not
 * waited for (a failure is logged); reads go page by page, letting the event loop turn.
 */
export function createRedisJournal(
  redis: RedisConnection,
  ids: ReplicaIds,
  { limit, maxBytes }: RedisJournalOptions,
): Journal {
  const [, lost, cleared] = lossKeys;
  const key = (name: string): string => redis.key(`J:${name}`);
  // The entries of a batch, written just before its script (in the same write to Redis).
  let entries: string[] = [];
  const adds = batchedScript(
    redis,
    addScript,
    journalKeys,
    () => [limit, maxBytes],
    undefined,
    () => {
      redis.guard(redis.client.hset(key('e'), ...entries)).catch(redis.failed);
      entries = [];
    },
  );
  const parse = (entry: string): { session: string; interaction: Interaction } => {
    const first = entry.indexOf('\n');
    const text = entry.slice(first + 3);
    const interaction = (
      entry[first + 1] === '1' ? parseExactJson(text) : JSON.parse(text)
    ) as Interaction;
    return { session: entry.slice(0, first), interaction };
  };

  return {
    nextId: () => ids.next(),
    add(id, session, text, holdsBig = false) {
      const entry = `${session}\n${holdsBig ? 1 : 0}\n${text}`;
      entries.push(id, entry);
      adds.push(`${id} ${Buffer.byteLength(entry)} ${session}`);
    },
    async *scan(session, newestFirst = false) {
      await settle();
      const step = newestFirst ? -1 : 1;
      let position = newestFirst ? -1 : 0;
      let clears: string | undefined;
      for (;;) {
        const page = (await redis.run(rangeScript, journalKeys, [position, pageSize, step])) as (
          string | number | null
        )[];
        const [, seenClears, first, last] = page as [number, string, number, number];
        if (clears !== undefined && seenClears !== clears) return;
        clears = seenClears;
        const entries = page.slice(4);
        if (entries.length === 0) return;
        const ordered = newestFirst ? entries.reverse() : entries;
        for (const entry of ordered) {
          if (typeof entry !== 'string') continue;
          const found = parse(entry);
          if (session === allSessions || found.session === session) yield found.interaction;
        }
        position = newestFirst ? first - 1 : last + 1;
        if (position < 0) return;
      }
    },
    async get(session, id) {
      await settle();
      const entry = await redis.guard(redis.client.hget(key('e'), id));
      if (entry === null) return undefined;
      const found = parse(entry);
      return session === allSessions || found.session === session ? found.interaction : undefined;
    },
    async dropped(session) {
      await settle();
      if (session !== allSessions)
        return Number((await redis.guard(redis.client.hget(key('dropped'), session))) ?? 0);
      const counts = await redis.guard(redis.client.hvals(key('dropped')));
      return counts.reduce((total, count) => total + Number(count), 0);
    },
    forget() {
      // A session's drop count stays in Redis under its name: a session that comes back after its
      // eviction still sees its drops.
    },
    lostAt: (session) => readLostAt(redis, session),
    async droppedUnread(session, read) {
      await settle();
      const groups = [...read].flatMap(([name, ids]) => [name, ids.size, ...ids]);
      const found = (await redis.run(droppedUnreadScript, journalKeys, [session, ...groups])) as (
        string | number
      )[];
      const unread = new Map<string, number>();
      for (let i = 0; i + 1 < found.length; i += 2)
        unread.set(String(found[i]), Number(found[i + 1]));
      return unread;
    },
    async clear(session, read) {
      await settle();
      const groups =
        read === undefined
          ? []
          : [
              '1',
              ...[...read].flatMap(([name, { ids, counted }]) => [name, counted, ids.size, ...ids]),
            ];
      await redis.run(clearScript, [...journalKeys, lost, cleared], [session, ...groups]);
    },
  };
}
