import { AdminCallError, createAdminApi } from './admin-api.ts';
import { createDetailView } from './detail-view.ts';
import { byId, h } from './dom.ts';
import { entryOf, type Entry } from './entry.ts';
import { matches, noFilters, type Filters } from './filter-entries.ts';
import { followEvents, liveRate, readJournal, type StreamState } from './follow-events.ts';
import { showCoverage, showSessions, showStubs } from './panels.ts';
import { wireFilters, wireTabs } from './controls.ts';
import { askForToken, copyText } from './prompts.ts';
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

let entries: Entry[] = [];
const ids = new Set<string>();
let held: Entry[] = [];
let incoming: Entry[] = [];
let paused = false;
// The stream's gaps (entries left out over liveRate a second) since the list was last read whole,
// each with the id of its last entry: a gap the journal read covered is no gap any more. At most
// maxGaps are kept (the oldest merged), so that a page left live under load holds a bounded list.
let gaps: { count: number; lastId: number }[] = [];
const maxGaps = 64;
const missing = (): number => gaps.reduce((total, gap) => total + gap.count, 0);
let lastSkippedAt = -Infinity;
let calmTimer: number | undefined;
let filters: Filters = { ...noFilters };
let version = '';
let streamState: StreamState = 'connecting';
let streamDetail = '';
const sessionCounts = new Map<string, number>();
const operations = new Set<string>();

const detailPanel = byId('detail', HTMLElement);
const detail = createDetailView(detailPanel, copy, () => version);
const list = createTrafficList(byId('list', HTMLElement), (entry) => {
  open(entry).catch(() => undefined);
});

// A summary from the event stream is completed from the journal; if the journal has dropped
// it meanwhile, the summary is what there is to show.
async function open(entry: Entry): Promise<void> {
  if (entry.summary !== true) {
    detail.show(entry);
    return;
  }
  try {
    const whole = entryOf(
      await api.json('GET', `/requests/${encodeURIComponent(entry.id)}`, entry.session),
    );
    detail.show(whole ?? entry);
  } catch {
    detail.show(
      entry,
      'The journal no longer holds this request: its headers and bodies are gone.',
    );
  }
}

function copy(what: string, text: string): void {
  copyText(text).then(
    (copied) => {
      if (copied) say(`Copied the ${what}.`);
    },
    () => undefined,
  );
}

// The session's count and the operation's place in the filters' choices.
function countEntry(entry: Entry): void {
  sessionCounts.set(entry.session, (sessionCounts.get(entry.session) ?? 0) + 1);
  if (entry.operationId !== null) operations.add(entry.operationId);
}

// Entries arrive oldest first; the list shows them newest first.
function take(batch: Entry[]): void {
  const fresh = batch.filter((entry) => !ids.has(entry.id));
  if (fresh.length === 0) return;
  for (const entry of fresh) {
    ids.add(entry.id);
    newSession ||= !sessionCounts.has(entry.session);
    countEntry(entry);
  }
  incoming = incoming.length === 0 ? fresh : incoming.concat(fresh);
  // A background tab draws no frames: what waits for one is bounded like the rest.
  if (incoming.length > maxEntries) {
    for (const dropped of incoming.splice(0, incoming.length - maxEntries)) ids.delete(dropped.id);
  }
  scheduleFlush();
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
  if (incoming.length === 0 || flushing) return;
  flushing = true;
  lastFlush = performance.now();
  const batch = incoming.reverse();
  lastBatch = batch.length;
  incoming = [];
  if (paused) {
    held = batch.concat(held);
    trim(held);
  } else {
    entries = batch.concat(entries);
    trim(entries);
    refresh();
  }
  updateChoices();
  showStatus();
  flushing = false;
  reloadOpenPanel();
}

// The coverage panel follows the traffic while it is open, and the sessions panel the sessions
// that appear (redrawing it for counts alone would take the focus off its buttons), at most
// once a second.
let panelTimer: number | undefined;
let newSession = false;
function reloadOpenPanel(): void {
  const tab = document.querySelector('[role="tab"][aria-selected="true"]')?.id;
  const follows = tab === 'tab-coverage' || (tab === 'tab-sessions' && newSession);
  if (!follows || panelTimer !== undefined) return;
  newSession = false;
  panelTimer = window.setTimeout(() => {
    panelTimer = undefined;
    load(tab);
  }, 1_000);
}

// Over liveRate requests a second the stream leaves some out: the list is read whole from the
// journal when the user pauses (or resumes after a pause that missed some), so that what stands
// still to be read is every request.
let filling = false;
async function fillGaps(): Promise<void> {
  if (gaps.length === 0 || filling) return;
  filling = true;
  try {
    const loaded = await readJournal(api, `limit=${String(maxEntries)}`);
    // Gaps the stream reported for entries the journal read holds (it may say so after the read).
    coveredUpTo = Math.max(coveredUpTo, Number(loaded[0]?.id ?? 0));
    gaps = gaps.filter((gap) => gap.lastId > coveredUpTo);
    const loadedIds = new Set(loaded.map((entry) => entry.id));
    // Entries that arrived since are newer than the journal read: they stay, above it.
    held = held.filter((entry) => !loadedIds.has(entry.id));
    incoming = incoming.filter((entry) => !loadedIds.has(entry.id));
    ids.clear();
    for (const entry of [...loaded, ...held, ...incoming]) ids.add(entry.id);
    entries = paused ? loaded : held.concat(loaded);
    if (!paused) held = [];
    trim(entries);
    sessionCounts.clear();
    for (const entry of [...entries, ...held]) countEntry(entry);
    updateChoices();
    refresh();
  } finally {
    filling = false;
    showStatus();
  }
}

let coveredUpTo = 0;
function skipped(count: number, lastId: string): void {
  if (Number(lastId) <= coveredUpTo) return;
  gaps.push({ count, lastId: Number(lastId) });
  // Merged gaps count as one that ends where the later one does: never fewer than were left out.
  if (gaps.length > maxGaps) {
    const [first, second] = gaps.splice(0, 2) as [(typeof gaps)[0], (typeof gaps)[0]];
    gaps.unshift({ count: first.count + second.count, lastId: second.lastId });
  }
  lastSkippedAt = performance.now();
  showStatus();
  // The status says the list is thinned for 2 s after the last gap, even when no entry follows.
  window.clearTimeout(calmTimer);
  calmTimer = window.setTimeout(showStatus, 2_100);
}

function trim(array: Entry[]): void {
  if (array.length <= maxEntries) return;
  for (const dropped of array.splice(maxEntries)) ids.delete(dropped.id);
}

function refresh(): void {
  const all = Object.values(filters).every((value) => value === '');
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
    streamState === 'live' && performance.now() - lastSkippedAt < 2_000
      ? ` Over ${String(liveRate)} requests a second: some are not shown as they come; pause to see every one.`
      : '';
  say(
    paused
      ? `Paused: ${String(held.length + missing())} new requests held.`
      : `${states[streamState]}${thinned}`,
  );
  byId('token-button', HTMLElement).hidden = streamState !== 'unauthorized';
}

// The select's options: every value seen so far, kept in order.
function updateChoices(): void {
  fillSelect(byId('f-session', HTMLSelectElement), [...sessionCounts.keys()]);
  fillSelect(byId('f-operation', HTMLSelectElement), [...operations]);
}

function fillSelect(select: HTMLSelectElement, values: string[]): void {
  if (select.options.length === values.length + 1) return;
  const chosen = select.value;
  select.replaceChildren(
    h('option', { value: '' }, 'all'),
    ...values.sort().map((value) => h('option', { value }, value)),
  );
  select.value = chosen;
}

function setPaused(next: boolean): void {
  paused = next;
  const button = byId('pause', HTMLElement);
  button.setAttribute('aria-pressed', String(paused));
  button.textContent = paused ? 'Resume' : 'Pause';
  if (gaps.length > 0) {
    fillGaps().catch((error: unknown) => {
      say(`Failed to read the journal: ${String(error)}`);
    });
  } else if (!paused && held.length > 0) {
    entries = held.concat(entries);
    held = [];
    trim(entries);
    refresh();
  }
  showStatus();
}

const panelSession = (): string => filters.session || '*';

function load(tabId: string): void {
  const failed = (error: unknown): void => {
    say(error instanceof AdminCallError ? error.message : `Failed to load: ${String(error)}`);
  };
  if (tabId === 'tab-coverage')
    showCoverage(api, byId('coverage', HTMLElement), panelSession()).catch(failed);
  if (tabId === 'tab-stubs')
    showStubs(api, byId('stubs', HTMLElement), panelSession(), say).catch(failed);
  if (tabId === 'tab-sessions') loadSessions().catch(failed);
}

async function loadSessions(): Promise<void> {
  const health = (await api.json('GET', '/health')) as { sessions?: { live?: number } };
  showSessions(byId('sessions', HTMLElement), sessionCounts, health.sessions?.live, (session) => {
    api.json('POST', '/reset', session).then(
      () => {
        forgetSession(session);
        say(session === '*' ? 'Every session was reset.' : `Session ${session} was reset.`);
        return loadSessions();
      },
      (error: unknown) => {
        say(`Failed to reset: ${String(error)}`);
      },
    );
  });
}

function forgetSession(session: string): void {
  const keep = (entry: Entry): boolean => session !== '*' && entry.session !== session;
  for (const entry of [...entries, ...held]) if (!keep(entry)) ids.delete(entry.id);
  entries = entries.filter(keep);
  held = held.filter(keep);
  if (session === '*') sessionCounts.clear();
  else sessionCounts.delete(session);
  refresh();
}

async function start(): Promise<void> {
  wireFilters((next) => {
    filters = next;
    refresh();
  });
  wireTabs(load);
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
    () => entries[0]?.id ?? held[0]?.id,
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
