/** An id as the store keys it (see keyOf): a safe integer as itself, else a tagged string. */
export type StoreKey = number | string;

/** The ids one session holds. */
export interface IdSet {
  /** Adds the id; false when it is there already. */
  add(key: StoreKey): boolean;
  has(key: StoreKey): boolean;
  delete(key: StoreKey): void;
  readonly size: number;
  /** Slots in the integer table (8 bytes each): what the set holds in memory, besides strings. */
  readonly slots: number;
}

const minCapacity = 16;

/**
 * A set of ids that keeps safe integers unboxed in one open-addressing table (linear probing,
 * deletion by shifting back, so no tombstones) and anything else in a plain Set. A JS Set of
 * 100,000 integers with ids coming and going holds a 5 MiB table and, each time its deletions add
 * up, allocates a fresh one beside it; this table is 2 MiB for the same ids, and it is only ever
 * replaced when it doubles.
 *
 * @example
 * const ids = createIdSet([1, 's:seven']);
 * ids.add(2); // true
 * ids.add(1); // false
 */
export function createIdSet(keys: Iterable<StoreKey> = []): IdSet {
  // NaN marks an empty slot: no safe integer is NaN.
  let table = new Float64Array(minCapacity).fill(NaN);
  let shift = 32 - Math.log2(minCapacity);
  let integers = 0;
  const others = new Set<StoreKey>();

  // Multiply-shift hashing of both 32-bit halves, with odd multipliers drawn for each set: ids
  // arrive in request bodies, and with fixed multipliers a client could pick ids that all share a
  // home slot (100,000 of them took 30 s to store). -0 and 0 hash alike, as they compare equal.
  const lowMultiplier = randomOdd();
  const highMultiplier = randomOdd();
  function homeOf(key: number): number {
    const low = key | 0;
    const high = Math.floor(key / 4_294_967_296) | 0;
    return Math.imul(low ^ Math.imul(high, highMultiplier), lowMultiplier) >>> shift;
  }

  // The slot holding `key`, or the empty slot where it would go.
  function slotOf(key: number): number {
    const mask = table.length - 1;
    let at = homeOf(key);
    for (;;) {
      const held = table[at] as number;
      if (held === key || held !== held) return at;
      at = (at + 1) & mask;
    }
  }

  // Doubles past half full; halves below an eighth full, so that a session whose ids were
  // forgotten (the store's limit is over all sessions) does not keep a table sized for its busiest
  // moment, and an id coming and going at the boundary does not rebuild the table each time.
  function resize(capacity: number): void {
    const old = table;
    table = new Float64Array(capacity).fill(NaN);
    shift = 32 - Math.log2(capacity);
    for (const held of old) if (held === held) table[slotOf(held)] = held;
  }

  function addInteger(key: number): boolean {
    const at = slotOf(key);
    if (table[at] === key) return false;
    table[at] = key;
    integers += 1;
    if (integers * 2 > table.length) resize(table.length * 2);
    return true;
  }

  function deleteInteger(key: number): void {
    let hole = slotOf(key);
    if (table[hole] !== key) return;
    const mask = table.length - 1;
    // Move back every later id of the run whose probe path crosses the hole, so that lookups,
    // which stop at the first empty slot, still find it.
    for (let at = (hole + 1) & mask; ; at = (at + 1) & mask) {
      const held = table[at] as number;
      if (held !== held) break;
      if (((at - homeOf(held)) & mask) >= ((at - hole) & mask)) {
        table[hole] = held;
        hole = at;
      }
    }
    table[hole] = NaN;
    integers -= 1;
    if (table.length > minCapacity && integers * 8 < table.length) resize(table.length / 2);
  }

  // The table holds safe integers only (NaN marks its empty slots); any other number goes with
  // the strings rather than corrupting it.
  const inTable = (key: StoreKey): key is number =>
    typeof key === 'number' && Number.isSafeInteger(key);

  const set: IdSet = {
    add: (key) => {
      if (inTable(key)) return addInteger(key);
      if (others.has(key)) return false;
      others.add(key);
      return true;
    },
    has: (key) => (inTable(key) ? table[slotOf(key)] === key : others.has(key)),
    delete: (key) => {
      if (inTable(key)) deleteInteger(key);
      else others.delete(key);
    },
    get size() {
      return integers + others.size;
    },
    get slots() {
      return table.length;
    },
  };
  for (const key of keys) set.add(key);
  return set;
}

function randomOdd(): number {
  return (Math.random() * 4_294_967_296) | 1;
}
