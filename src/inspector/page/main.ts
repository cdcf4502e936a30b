import { AdminCallError, createAdminApi } from './admin-api.ts';
import { fillSelect, wireFilters, wireTabs } from './controls.ts';
import { createDetailView } from './detail-view.ts';
import { byId } from './dom.ts';
import type { Entry } from './entry.ts';
import { matches, noFilters, type Filters } from './filter-entries.ts';
import { createFlushSchedule } from './flush-schedule.ts';
import { followEvents, readJournal, statusText, type StreamState } from './follow-events.ts';
import { createPanelLoader } from './panel-loader.ts';
import { askForToken, copyText } from './prompts.ts';
import { createStreamGaps } from './stream-gaps.ts';
import { createTrafficEntries } from './traffic-entries.ts';
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

const traffic = createTrafficEntries(maxEntries);
let paused = false;
const gaps = createStreamGaps();
let calmTimer: number | undefined;
let filters: Filters = { ...noFilters };
let version = '';
let streamState: StreamState = 'connecting';
let streamDetail = '';

const detail = createDetailView(byId('detail', HTMLElement), copy, () => version, api);
const panels = createPanelLoader({
  api,
  say,
  session: () => filters.session || '*',
  sessionCounts: traffic.sessionCounts,
  onReset(session) {
    traffic.forget(session);
    refresh();
  },
});
// A session appeared since the open panel last followed the traffic.
let newSession = false;
const list = createTrafficList(byId('list', HTMLElement), (entry) => {
  detail.open(entry).catch(() => undefined);
});
const flushSchedule = createFlushSchedule(flush);

function copy(what: string, text: string): void {
  copyText(text).then(
    (copied) => {
      if (copied) say(`Copied the ${what}.`);
    },
    () => undefined,
  );
}

// Entries arrive oldest first; the list shows them newest first.
function take(batch: readonly Entry[]): void {
  const taken = traffic.take(batch);
  if (taken === false) return;
  newSession ||= taken === 'new session';
  flushSchedule.request();
}

let flushing = false;
function flush(): void {
  if (flushing) return;
  flushing = true;
  const size = traffic.flush(paused);
  if (size > 0) {
    flushSchedule.flushed(size);
    if (!paused) refresh();
    updateChoices();
    showStatus();
    panels.follow(newSession);
    newSession = false;
  }
  flushing = false;
}

// Over liveRate requests a second the stream leaves some out: the list is read whole from the
// journal when the user pauses (or resumes after a pause that missed some), so that what stands
// still to be read is every request.
let filling = false;
async function fillGaps(): Promise<void> {
  if (!gaps.any() || filling) return;
  filling = true;
  try {
    const loaded = await readJournal(api, `limit=${String(maxEntries)}`);
    // Gaps the stream reported for entries the journal read holds (it may say so after the read).
    gaps.coveredUpTo(loaded[0]?.id);
    traffic.replace(loaded, paused);
    updateChoices();
    refresh();
  } finally {
    filling = false;
    showStatus();
  }
}

function skipped(count: number, lastId: string): void {
  if (!gaps.add(count, lastId)) return;
  showStatus();
  // The status says the list is thinned for 2 s after the last gap, even when no entry follows.
  window.clearTimeout(calmTimer);
  calmTimer = window.setTimeout(showStatus, 2_100);
}

function refresh(): void {
  const entries = traffic.shown();
  const all = Object.values(filters).every((value) => value === '');
  const shown = all ? entries : entries.filter((entry) => matches(entry, filters));
  list.setEntries(shown);
  byId('count', HTMLElement).textContent = all
    ? `${String(entries.length)} requests`
    : `${String(shown.length)} of ${String(entries.length)} requests`;
}

function showStatus(): void {
  const thinned = streamState === 'live' && gaps.within(2_000);
  const waiting = paused ? traffic.held() + gaps.missing() : undefined;
  say(statusText(streamState, streamDetail, thinned, waiting));
  byId('token-button', HTMLElement).hidden = streamState !== 'unauthorized';
}

// The select's options: every value seen so far, kept in order.
function updateChoices(): void {
  fillSelect(byId('f-session', HTMLSelectElement), [...traffic.sessionCounts.keys()]);
  fillSelect(byId('f-operation', HTMLSelectElement), [...traffic.operations]);
}

function setPaused(next: boolean): void {
  paused = next;
  const button = byId('pause', HTMLElement);
  button.setAttribute('aria-pressed', String(paused));
  button.textContent = paused ? 'Resume' : 'Pause';
  if (gaps.any()) {
    fillGaps().catch((error: unknown) => {
      say(`Failed to read the journal: ${String(error)}`);
    });
  } else if (!paused && traffic.release()) {
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
    traffic.newestId,
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
