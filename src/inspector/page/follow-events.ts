import type { AdminApi } from './admin-api.ts';
import { entryOf, type Entry } from './entry.ts';
import { parseEvents } from './parse-events.ts';

export type StreamState = 'connecting' | 'live' | 'retrying' | 'unauthorized';

/**
 * Entries a second the page asks the stream for at most (others are counted in `skipped` events and
 * read from the journal when paused): nobody reads faster, and reading costs the mock
 * (docs/inspector.md). The page's `?rate=N` (1 to 500) lowers it, for a slow machine or browser.
 */
export const liveRate = readRate(new URLSearchParams(window.location.search).get('rate'));

function readRate(asked: string | null): number {
  const rate = Number(asked ?? 500);
  return Number.isInteger(rate) && rate >= 1 && rate <= 500 ? rate : 500;
}

/** What the stream hands over: entries as they come, and counts of those it left out. */
export interface StreamHandlers {
  onEntries: (entries: Entry[]) => void;
  /** `count` entries left out, the last of them `lastId`. */
  onSkipped: (count: number, lastId: string) => void;
  onState: (state: StreamState, detail?: string) => void;
}

/**
 * Follows GET /__admin/events for every session, as summaries at `liveRate` at most, with fetch
 * (an EventSource cannot send the admin token), and reconnects after a drop; entries of the gap
 * are read from the journal. Stops when the token is declined, until `reconnect`.
 */
export function followEvents(
  api: AdminApi,
  { onEntries, onSkipped, onState }: StreamHandlers,
  lastId: () => string | undefined,
): { reconnect: () => void } {
  const decoder = new TextDecoder();
  async function connect(): Promise<void> {
    onState('connecting');
    // Summaries: the list shows no more, and the whole entry is read when one is opened.
    const response = await api.call(
      'GET',
      `/events?session=*&fields=summary&maxRate=${String(liveRate)}`,
    );
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
    // The entries of each piece of the stream are handed over together (a piece may hold
    // several), and the list takes them in one step.
    let arrived: Entry[] = [];
    const feed = parseEvents((data, name) => {
      let value: unknown;
      try {
        value = JSON.parse(data);
      } catch {
        return; // not an entry: skipped, the stream goes on
      }
      if (name === 'skipped') {
        const { skipped, lastId } = value as { skipped?: unknown; lastId?: unknown };
        if (typeof skipped === 'number' && skipped > 0 && typeof lastId === 'string')
          onSkipped(skipped, lastId);
        return;
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
    const entries = await readJournal(api, `since=${encodeURIComponent(since)}`);
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

/**
 * Summaries of the journal's entries (every session's), newest first, as GET /__admin/requests
 * lists them with `query` (such as `limit=500`).
 */
export async function readJournal(api: AdminApi, query: string): Promise<Entry[]> {
  const answer = (await api.json('GET', `/requests?fields=summary&${query}`, '*')) as {
    requests?: unknown[];
  };
  return (answer.requests ?? []).map(entryOf).filter((entry) => entry !== undefined);
}
