import { createHash } from 'node:crypto';
import type { MaybePromise } from '../../maybe-promise.ts';
import type { ItemStore } from '../resources/item-store.ts';
import { createCreationQueue } from './creation-queue.ts';
import { createIdSet, type IdSet, type StoreKey } from './id-set.ts';

/** A stored record: the request body that created it. */
export type StoredRecord = Readonly<Record<string, unknown>>;

/**
 * The stateful store, one namespace per session, keyed by the record's `id`.
 * Every session starts from the fixtures and goes back to them on reset. createMemoryStore keeps
 * it in memory; a shared store (several replicas of the mock) can stand behind the same
 * interface, answering later (MaybePromise).
 */
export interface RecordStore {
  /** Stores the record's id; false when it is taken. */
  insert(session: string, id: unknown): MaybePromise<boolean>;
  /** Puts one session, or every session when none is named, back to the fixtures. */
  reset(session?: string): MaybePromise<void>;
  /**
   * Forgets one session's records at once, for the session limit: unlike reset, its records stay
   * counted against the store limit until they are the oldest, so that evicting costs O(1).
   */
  evict(session: string): void;
  /** Replaces the fixtures and puts every session back to them (a reloaded fixtures file). */
  replaceFixtures(records: readonly StoredRecord[]): MaybePromise<void>;
  /** The items of the contract's resources, reset and evicted with the records (see joinItems). */
  readonly items?: ItemStore;
}

/** The in-memory RecordStore, which answers at once. */
export interface MemoryStore extends RecordStore {
  insert(session: string, id: unknown): boolean;
  reset(session?: string): void;
  replaceFixtures(records: readonly StoredRecord[]): void;
  /** Sessions that created records since their last reset (or eviction). */
  readonly sessions: number;
}

export interface StoreLimit {
  /** Records created by requests that the store keeps, over all sessions; the oldest go first. */
  limit: number;
  /** Called once, when the store first forgets a record. */
  onFull?: () => void;
}

/**
 * What the log says, once, when a store of `limit` records starts forgetting the oldest: the same
 * for the store in memory and the one in Redis.
 */
export function storeFullWarning(limit: number): string {
  return `The stateful store holds ${String(limit)} plants (--store-limit): from now on the oldest are forgotten, and their ids can be created again.`;
}

/**
 * An in-memory RecordStore. It keeps at most `limit` records created by requests (fixtures do not
 * count), so that memory stays bounded under any load; past that the oldest are forgotten, and
 * their ids can be created again. Only the ids are kept (see createIdSet), integers as numbers and
 * anything else as a string: nothing reads a record back.
 *
 * The fixtures' ids are one set that every session reads, and a session holds only the ids it
 * created (the API has no delete, so a session never hides a fixture): a session costs nothing
 * until it creates a record, whatever the size of the fixtures.
 *
 * @example
 * const store = createMemoryStore([{ id: 1, name: 'Aloe' }], { limit: 100_000 });
 * store.insert('default', 2); // true
 * store.insert('default', 1); // false: id 1 is a fixture
 */
export function createMemoryStore(
  initialFixtures: readonly StoredRecord[] = [],
  { limit, onFull }: StoreLimit = { limit: Infinity },
): MemoryStore {
  let fixtureIds = idsOf(initialFixtures);
  const sessions = new Map<string, Namespace>();
  const created = createCreationQueue<Namespace>();
  let full = false;

  // The queue names the session's namespace, not the session: an evicted session's ids leave the
  // queue without touching a later namespace of that name, and its set is let go at once.
  const forget = (held: Namespace, key: StoreKey): void => {
    held.ids?.delete(key);
  };

  return {
    insert(session, id) {
      const key = keyOf(id);
      if (fixtureIds.has(key)) return false;
      let held = sessions.get(session);
      if (held === undefined) sessions.set(session, (held = { ids: createIdSet() }));
      if (held.ids?.add(key) !== true) return false;
      created.push(held, key);
      if (created.size() > limit && created.shift(forget) && !full) {
        full = true;
        onFull?.();
      }
      return true;
    },
    replaceFixtures(records) {
      fixtureIds = idsOf(records);
      sessions.clear();
      created.clear();
    },
    reset(session) {
      if (session === undefined) {
        sessions.clear();
        created.clear();
        return;
      }
      const held = sessions.get(session);
      if (held === undefined) return;
      sessions.delete(session);
      created.removeOwner(held);
    },
    evict(session) {
      const held = sessions.get(session);
      if (held === undefined) return;
      sessions.delete(session);
      // The queue may name this namespace up to --store-limit times: it keeps the small object,
      // not the set.
      held.ids = undefined;
    },
    get sessions() {
      return sessions.size;
    },
  };
}

/** A session's ids; undefined once the session is evicted. */
interface Namespace {
  ids: IdSet | undefined;
}

function idsOf(records: readonly StoredRecord[]): IdSet {
  return createIdSet(records.map((record) => keyOf(record.id)));
}

/**
 * The key a record's id is stored under. 7 and "7" are different ids, as they are different JSON
 * values; an id past 2^53 comes as a bigint, exactly as sent, so that 9007199254740992 and
 * 9007199254740993 stay two plants.
 *
 * @example
 * keyOf(7); // 7
 * keyOf('7'); // 's:7'
 */
export function keyOf(id: unknown): StoreKey {
  if (typeof id === 'number' && Number.isSafeInteger(id)) return id;
  if (typeof id === 'bigint') return `j:${id.toString()}`;
  return bounded(typeof id === 'string' ? `s:${id}` : `j:${JSON.stringify(id)}`);
}

// A contract may let ids be strings of any length (or objects): a long one is kept as its SHA-256,
// so that an id costs the store at most ~100 bytes whatever --max-body allows.
const maxKeyLength = 64;
function bounded(key: string): string {
  if (key.length <= maxKeyLength) return key;
  return `h:${createHash('sha256').update(key).digest('base64')}`;
}
