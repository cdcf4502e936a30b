import { AdminCallError, createAdminApi } from './admin-api.ts';
import { createDetailView, openEntry } from './detail-view.ts';
import { byId } from './dom.ts';
import type { Entry } from './entry.ts';
import { matches, noFilters, type Filters } from './filter-entries.ts';
import { followEvents, liveRate, readJournal, type StreamState } from './follow-events.ts';
import { createPanelLoader } from './panel-loader.ts';
import { fillSelect, wireFilters, wireTabs } from './controls.ts';
import { askForToken, copyText } from './prompts.ts';
import { createLiveEntries } from './live-entries.ts';
import { createStreamGaps } from './stream-gaps.ts';
import { createTrafficList } from './traffic-list.ts';

// The page keeps this many entries (the journal's default limit); older ones leave it first.
const maxEntries = 10_000;
// Entries the page asks for when it opens; the rest of the journal is read when it is paused with
// gaps (fillGaps), as reading all of it costs the mock a scan of up to 10,000 entries.
const initialEntries = 500;

const status = byId('status', HTMLElement);
// Written only when it changes: a live region read out, and laid out, at every redraw otherwise.
const say = (message: string): void => {
  if (status.textContent !== message) status.textContent = message;
};
const api = createAdminApi(askForToken);

const live = createLiveEntries(maxEntries);
const gaps = createStreamGaps();
let paused = false;
let calmTimer: number | undefined;
let filters: Filters = { ...noFilters };
let version = '';
let streamState: StreamState = 'connecting';
let streamDetail = '';

const detailPanel = byId('detail', HTMLElement);
const detail = createDetailView(detailPanel, copy, () => version);
const panels = createPanelLoader({
  api,
  live,
  say,
  session: () => filters.session || '*',
  onForget: refresh,
});
const list = createTrafficList(byId('list', HTMLElement), (entry) => {
  openEntry(detail, api, entry).catch(() => undefined);
});

function copy(what: string, text: string): void {
  copyText(text).then(
    (copied) => {
      if (copied) say(`Copied the ${what}.`);
    },
    () => undefined,
  );
}

// Entries arrive oldest first; the list shows them newest first.
function take(batch: Entry[]): void {
  if (live.take(batch)) scheduleFlush();
}

// The list is redrawn at most every 200 ms: nobody reads faster, and under thousands of requests
// a second a redraw per frame took CPU from the mock on the same machine.
const flushEveryMs = 200;
// Past a hundred requests per redraw, once a second: each redraw repaints every row in view, and
// a software-rendered repaint five times a second took a tenth of a core.
const busyFlushEveryMs = 1_000;
const busyBatch = 20;
let lastBatch = 0;
let flushTimer: number | undefined;
let lastFlush = 0;
function scheduleFlush(): void {
  if (flushTimer !== undefined) return;
  const every = lastBatch > busyBatch ? busyFlushEveryMs : flushEveryMs;
  const wait = Math.max(0, lastFlush + every - performance.now());
  flushTimer = window.setTimeout(() => {
    flushTimer = undefined;
    requestAnimationFrame(flush);
  }, wait);
}

let flushing = false;
function flush(): void {
  if (!live.waiting || flushing) return;
  flushing = true;
  lastFlush = performance.now();
  lastBatch = live.flush(paused);
  if (!paused) refresh();
  updateChoices();
  showStatus();
  flushing = false;
  panels.followTraffic();
}

// Over liveRate requests a second the stream leaves some out: the list is read whole from the
// journal when the user pauses (or resumes after a pause that missed some), so that what stands
// still to be read is every request.
let filling = false;
async function fillGaps(): Promise<void> {
  if (!gaps.any || filling) return;
  filling = true;
  try {
    const loaded = await readJournal(api, `limit=${String(maxEntries)}`);
    gaps.cover(Number(loaded[0]?.id ?? 0));
    live.replace(loaded, paused);
    updateChoices();
    refresh();
  } finally {
    filling = false;
    showStatus();
  }
}

function skipped(count: number, lastId: string): void {
  if (!gaps.note(count, lastId)) return;
  showStatus();
  // The status says the list is thinned for 2 s after the last gap, even when no entry follows.
  window.clearTimeout(calmTimer);
  calmTimer = window.setTimeout(showStatus, 2_100);
}

function refresh(): void {
  const all = Object.values(filters).every((value) => value === '');
  const entries = live.shown;
  const shown = all ? entries : entries.filter((entry) => matches(entry, filters));
  list.setEntries(shown);
  byId('count', HTMLElement).textContent = all
    ? `${String(entries.length)} requests`
    : `${String(shown.length)} of ${String(entries.length)} requests`;
}

function showStatus(): void {
  const states: Record<StreamState, string> = {
    connecting: 'Connecting…',
    live: 'Live',
    retrying: `Reconnecting… (${streamDetail})`,
    unauthorized: 'The admin API needs its token.',
  };
  const thinned =
    streamState === 'live' && performance.now() - gaps.lastAt < 2_000
      ? ` Over ${String(liveRate)} requests a second: some are not shown as they come; pause to see every one.`
      : '';
  say(
    paused
      ? `Paused: ${String(live.held.length + gaps.missing)} new requests held.`
      : `${states[streamState]}${thinned}`,
  );
  byId('token-button', HTMLElement).hidden = streamState !== 'unauthorized';
}

// The select's options: every value seen so far, kept in order.
function updateChoices(): void {
  fillSelect(byId('f-session', HTMLSelectElement), [...live.sessionCounts.keys()]);
  fillSelect(byId('f-operation', HTMLSelectElement), [...live.operations]);
}

function setPaused(next: boolean): void {
  paused = next;
  const button = byId('pause', HTMLElement);
  button.setAttribute('aria-pressed', String(paused));
  button.textContent = paused ? 'Resume' : 'Pause';
  if (gaps.any) {
    fillGaps().catch((error: unknown) => {
      say(`Failed to read the journal: ${String(error)}`);
    });
  } else if (!paused && live.release()) {
    refresh();
  }
  showStatus();
}

async function start(): Promise<void> {
  wireFilters((next) => {
    filters = next;
    refresh();
  });
  wireTabs(panels.load);
  byId('pause', HTMLElement).addEventListener('click', () => {
    setPaused(!paused);
  });
  take((await readJournal(api, `limit=${String(initialEntries)}`)).reverse());
  const described = (await api.json('GET', '/openapi.json')) as { info?: { version?: string } };
  version = described.info?.version ?? '';
  const stream = followEvents(
    api,
    {
      onEntries: take,
      onSkipped: skipped,
      onState(state, why) {
        streamState = state;
        streamDetail = why ?? '';
        showStatus();
      },
    },
    () => live.shown[0]?.id ?? live.held[0]?.id,
  );
  byId('token-button', HTMLElement).addEventListener('click', () => {
    sessionStorage.removeItem('plant-store-mock.admin-token');
    stream.reconnect();
  });
  refresh();
}

start().catch((error: unknown) => {
  streamState =
    error instanceof AdminCallError && error.status === 401 ? 'unauthorized' : 'retrying';
  say(error instanceof Error ? `Failed to start: ${error.message}` : 'Failed to start.');
  byId('token-button', HTMLElement).hidden = streamState !== 'unauthorized';
  byId('token-button', HTMLElement).addEventListener('click', () => {
    window.location.reload();
  });
});
