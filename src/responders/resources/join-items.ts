import { whenReady } from '../../maybe-promise.ts';
import type { RecordStore } from '../store/record-store.ts';
import type { ItemStore } from './item-store.ts';

/**
 * The record store with the resources' items beside it: a reset or an eviction reaches both.
 *
 * @example
 * const store = joinItems(createMemoryStore(fixtures), createMemoryItemStore(new Map(), limits));
 * store.reset('alice'); // the session's records and items back to the fixtures
 */
export function joinItems<S extends RecordStore>(
  records: S,
  items: ItemStore,
): S & { items: ItemStore } {
  return Object.assign(Object.create(records) as S, {
    items,
    reset: (session?: string) => whenReady(records.reset(session), () => items.reset(session)),
    evict: (session: string) => {
      records.evict(session);
      items.evict(session);
    },
  });
}
