import type { AdminApi } from './admin-api.ts';
import { entryOf, type Entry } from './entry.ts';
import { parseEvents } from './parse-events.ts';

export type StreamState = 'connecting' | 'live' | 'retrying' | 'unauthorized';

/**
 * Follows GET /__admin/events for every session, with fetch (an EventSource cannot send the
 * admin token), and reconnects after a drop; entries of the gap are read from the journal. Stops
 * when the token is declined, until `reconnect`.
 *
 * @example
 * followEvents(api, (entries) => list.add(entries), (state) => show(state), () => lastId);
 */
export function followEvents(
  api: AdminApi,
  onEntries: (entries: Entry[]) => void,
  onState: (state: StreamState, detail?: string) => void,
  lastId: () => string | undefined,
): { reconnect: () => void } {
  const decoder = new TextDecoder();
  async function connect(): Promise<void> {
    onState('connecting');
    // Summaries: the list shows no more, and the whole entry is read when one is opened.
    const response = await api.call('GET', '/events?session=*&fields=summary');
    if (response.status === 401) {
      onState('unauthorized');
      return;
    }
    if (response.status !== 200 || response.body === null) {
      throw new Error(`GET /__admin/events answered ${response.status}`);
    }
    const since = lastId();
    if (since !== undefined) await catchUp(since);
    onState('live');
    // The entries of each piece of the stream are handed over together: a piece holds a batch
    // of the server's (see the event hub), and the list takes each batch in one step.
    let arrived: Entry[] = [];
    const feed = parseEvents((data) => {
      let value: unknown;
      try {
        value = JSON.parse(data);
      } catch {
        return; // not an entry: skipped, the stream goes on
      }
      const entry = entryOf(value);
      if (entry !== undefined) arrived.push(entry);
    });
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      feed(decoder.decode(value, { stream: true }));
      if (arrived.length > 0) {
        const batch = arrived;
        arrived = [];
        onEntries(batch);
      }
    }
  }
  async function catchUp(since: string): Promise<void> {
    const answer = (await api.json('GET', `/requests?since=${encodeURIComponent(since)}`, '*')) as {
      requests?: unknown[];
    };
    const entries = (answer.requests ?? []).map(entryOf).filter((e) => e !== undefined);
    if (entries.length > 0) onEntries(entries.reverse());
  }
  function run(): void {
    connect().then(
      () => {
        retry('the stream ended');
      },
      (error: unknown) => {
        retry(error instanceof Error ? error.message : String(error));
      },
    );
  }
  function retry(reason: string): void {
    onState('retrying', reason);
    setTimeout(run, 2_000);
  }
  run();
  return { reconnect: run };
}
