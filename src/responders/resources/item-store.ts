import type { MaybePromise } from '../../maybe-promise.ts';

/** The items a fixtures file seeds, by collection path (`/todos`, `/customers/c1/orders`). */
export type ItemFixtures = ReadonlyMap<string, readonly FixtureItem[]>;

/** One seeded item: its id and its JSON text. */
export interface FixtureItem {
  id: unknown;
  json: string;
}

/**
 * The items of the contract's resources, one namespace per session, each item kept as its JSON
 * text under its collection's path and its id (see keyOf). Every session starts from the
 * fixtures and goes back to them on reset. createMemoryItemStore keeps them in memory,
 * createRedisItemStore in Redis (answering later: MaybePromise).
 */
export interface ItemStore {
  read(session: string, collection: string, id: unknown): MaybePromise<string | undefined>;
  /** The collection's items, fixtures first, then in the order they were created. */
  list(session: string, collection: string): MaybePromise<string[]>;
  /** Stores a new item; false when the id is taken. */
  create(session: string, collection: string, id: unknown, json: string): MaybePromise<boolean>;
  /**
   * Replaces a stored item; false when there is none with this id, or when its text is no longer
   * `expected` (a write made meanwhile, by another replica: read it again and retry).
   */
  replace(
    session: string,
    collection: string,
    id: unknown,
    json: string,
    expected?: string,
  ): MaybePromise<boolean>;
  /** Deletes a stored item; false when there is none with this id. */
  remove(session: string, collection: string, id: unknown): MaybePromise<boolean>;
  /** An integer id the collection has not held: past its fixtures' and every one it was given. */
  nextId(session: string, collection: string): MaybePromise<number>;
  /** Puts one session, or every session when none is named, back to the fixtures. */
  reset(session?: string): MaybePromise<void>;
  /** Forgets one session's items at once (the session limit). */
  evict(session: string): void;
  /** Replaces the fixtures and puts every session back to them (a reloaded fixtures file). */
  replaceFixtures(fixtures: ItemFixtures): MaybePromise<void>;
}

/** What the item store keeps at most over all sessions: the oldest writes are forgotten first. */
export interface ItemLimit {
  /** Items written by requests (a create, or a change to a fixture). */
  limit: number;
  /** Characters of JSON text those items hold. */
  chars: number;
  /** Called once, when the store first forgets an item. */
  onFull?: () => void;
}

/**
 * The largest integer id among items, for the counter that assigns the next one.
 *
 * @example
 * highestIntegerId([{ id: 3, json: '{}' }, { id: 'x', json: '{}' }]); // 3
 */
export function highestIntegerId(items: readonly FixtureItem[]): number {
  let highest = 0;
  for (const { id } of items)
    if (Number.isSafeInteger(id) && (id as number) > highest) highest = id as number;
  return highest;
}
