/** A stored record: the request body that created it. */
export type StoredRecord = Readonly<Record<string, unknown>>;

/**
 * The stateful store, one namespace per session, keyed by the record's `id`.
 * Every session starts from the fixtures and goes back to them on reset.
 */
export interface RecordStore {
  has(session: string, id: unknown): boolean;
  /** Stores the record; false when its id is taken. */
  insert(session: string, id: unknown, record: StoredRecord): boolean;
  list(session: string): StoredRecord[];
  /** Puts one session, or every session when none is named, back to the fixtures. */
  reset(session?: string): void;
  /** Replaces the fixtures and puts every session back to them (a reloaded fixtures file). */
  replaceFixtures(records: readonly StoredRecord[]): void;
}

/**
 * An in-memory RecordStore.
 *
 * @example
 * const store = createMemoryStore([{ id: 1, name: 'Aloe' }]);
 * store.insert('default', 2, { id: 2, name: 'Fern' }); // true
 * store.insert('default', 1, { id: 1, name: 'Ivy' }); // false: id 1 is a fixture
 */
export function createMemoryStore(initialFixtures: readonly StoredRecord[] = []): RecordStore {
  let fixtures = initialFixtures;
  const sessions = new Map<string, Map<string, StoredRecord>>();

  function namespace(session: string): Map<string, StoredRecord> {
    let records = sessions.get(session);
    if (records === undefined) {
      records = new Map(fixtures.map((record) => [keyOf(record.id), record]));
      sessions.set(session, records);
    }
    return records;
  }

  return {
    has: (session, id) => namespace(session).has(keyOf(id)),
    insert(session, id, record) {
      const records = namespace(session);
      const key = keyOf(id);
      if (records.has(key)) return false;
      records.set(key, record);
      return true;
    },
    list: (session) => [...namespace(session).values()],
    replaceFixtures(records) {
      fixtures = records;
      sessions.clear();
    },
    reset(session) {
      if (session === undefined) sessions.clear();
      else sessions.delete(session);
    },
  };
}

// 7 and "7" are different ids, as they are different JSON values; an id past 2^53 comes as a
// bigint, exactly as sent, so that 9007199254740992 and 9007199254740993 stay two plants.
function keyOf(id: unknown): string {
  if (typeof id === 'bigint') return `j:${id.toString()}`;
  return typeof id === 'string' ? `s:${id}` : `j:${JSON.stringify(id)}`;
}
