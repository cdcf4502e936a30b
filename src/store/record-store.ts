/** A stored record: the request body that created it. */
export type StoredRecord = Readonly<Record<string, unknown>>;

/**
 * The stateful store, one namespace per session, keyed by the record's `id`.
 * Every session starts from the fixtures and goes back to them on reset.
 */
export interface RecordStore {
  /** Stores the record's id; false when it is taken. */
  insert(session: string, id: unknown): boolean;
  /** Puts one session, or every session when none is named, back to the fixtures. */
  reset(session?: string): void;
  /** Replaces the fixtures and puts every session back to them (a reloaded fixtures file). */
  replaceFixtures(records: readonly StoredRecord[]): void;
}

export interface StoreLimit {
  /** Records created by requests that the store keeps, over all sessions; the oldest go first. */
  limit: number;
  /** Called once, when the store first forgets a record. */
  onFull?: () => void;
}

/**
 * An in-memory RecordStore. It keeps at most `limit` records created by requests (fixtures do not
 * count), so that memory stays bounded under any load; past that the oldest are forgotten, and
 * their ids can be created again. Only the ids are kept, as strings: nothing reads a record back,
 * and strings cost the garbage collector far less than objects.
 *
 * @example
 * const store = createMemoryStore([{ id: 1, name: 'Aloe' }], { limit: 100_000 });
 * store.insert('default', 2); // true
 * store.insert('default', 1); // false: id 1 is a fixture
 */
export function createMemoryStore(
  initialFixtures: readonly StoredRecord[] = [],
  { limit, onFull }: StoreLimit = { limit: Infinity },
): RecordStore {
  let fixtures = initialFixtures;
  const sessions = new Map<string, Set<string>>();
  // Every id a request created, as `session\0key` to its session, oldest first (a Map keeps
  // insertion order).
  const created = new Map<string, string>();
  let full = false;

  function namespace(session: string): Set<string> {
    let ids = sessions.get(session);
    if (ids === undefined) {
      ids = new Set(fixtures.map((record) => keyOf(record.id)));
      sessions.set(session, ids);
    }
    return ids;
  }

  function forgetOldest(): void {
    const oldest = created.entries().next();
    if (oldest.done === true) return;
    const [entry, session] = oldest.value;
    created.delete(entry);
    sessions.get(session)?.delete(entry.slice(session.length + 1));
    if (!full) {
      full = true;
      onFull?.();
    }
  }

  return {
    insert(session, id) {
      const ids = namespace(session);
      const key = keyOf(id);
      if (ids.has(key)) return false;
      ids.add(key);
      created.set(`${session}\0${key}`, session);
      if (created.size > limit) forgetOldest();
      return true;
    },
    replaceFixtures(records) {
      fixtures = records;
      sessions.clear();
      created.clear();
    },
    reset(session) {
      if (session === undefined) {
        sessions.clear();
        created.clear();
        return;
      }
      sessions.delete(session);
      for (const [entry, owner] of created) if (owner === session) created.delete(entry);
    },
  };
}

// 7 and "7" are different ids, as they are different JSON values; an id past 2^53 comes as a
// bigint, exactly as sent, so that 9007199254740992 and 9007199254740993 stay two plants.
function keyOf(id: unknown): string {
  if (typeof id === 'bigint') return `j:${id.toString()}`;
  return typeof id === 'string' ? `s:${id}` : `j:${JSON.stringify(id)}`;
}
