import { describe, expect, it } from 'vitest';
import {
  toCurl,
  toHar,
  toVerifyPattern,
  visibleText,
} from '../../src/inspector/page/copy-formats.ts';
import { entryOf, type Entry } from '../../src/inspector/page/entry.ts';
import { matches, noFilters } from '../../src/inspector/page/filter-entries.ts';
import { createLiveEntries } from '../../src/inspector/page/live-entries.ts';
import { parseEvents } from '../../src/inspector/page/parse-events.ts';
import { createStreamGaps } from '../../src/inspector/page/stream-gaps.ts';

// The page's logic that needs no DOM; the page itself is tested in Chromium (test/e2e).

const entry: Entry = {
  id: '7',
  receivedAt: '2026-11-23T11:33:30.359Z',
  durationMs: 2.5,
  session: 'team-a',
  operationId: 'createPlant',
  request: {
    method: 'POST',
    path: '/plants',
    query: { dry: "it's" },
    headers: {
      host: '127.0.0.1:4010',
      authorization: 'Bearer',
      'content-type': 'application/json',
    },
    body: { id: 1, name: "O'Fern" },
  },
  response: { status: 400, headers: {}, body: { error: 400, message: 'no' } },
  source: 'validation-error',
  contract: {
    hash: 'ac255d3cb397',
    request: { valid: false, violations: [{ location: 'body/id', message: 'must be integer' }] },
    response: { valid: true, violations: [] },
  },
};

describe('the event stream parser', () => {
  it('joins events cut anywhere, and data split over lines', () => {
    const seen: string[] = [];
    const feed = parseEvents((data) => seen.push(data));
    const text = ': hello\n\ndata: {"a":\ndata: 1}\n\ndata: {"b":2}\r\n\r\n';
    for (const char of text) feed(char);
    expect(seen).toEqual(['{"a":\n1}', '{"b":2}']);
  });

  it('names each event: message by default, the `event:` field when there is one', () => {
    const seen: [string, string][] = [];
    const feed = parseEvents((data, name) => seen.push([name, data]));
    feed('data: {"id":"1"}\n\nevent: skipped\ndata: {"skipped":3}\n\nevent:\ndata: x\n\n');
    expect(seen).toEqual([
      ['message', '{"id":"1"}'],
      ['skipped', '{"skipped":3}'],
      ['message', 'x'],
    ]);
  });
});

describe('entryOf', () => {
  it('keeps a journal entry and refuses what is not one', () => {
    expect(entryOf(JSON.parse(JSON.stringify(entry)))).toEqual(entry);
    for (const junk of [null, 'x', [], { id: 1 }, { ...entry, request: 'x' }]) {
      expect(entryOf(junk)).toBeUndefined();
    }
  });

  it('keeps the truncated mark of a body cut at 16 KiB', () => {
    const cut = { ...entry, request: { ...entry.request, body: 'x', truncated: true } };
    expect(entryOf(cut)?.request.truncated).toBe(true);
  });
});

describe('the filters', () => {
  it('match by session, operation, status class, verdict and free text', () => {
    expect(matches(entry, noFilters)).toBe(true);
    expect(matches(entry, { ...noFilters, session: 'team-b' })).toBe(false);
    expect(matches(entry, { ...noFilters, statusClass: '4xx', verdict: 'invalid' })).toBe(true);
    expect(matches(entry, { ...noFilters, verdict: 'valid' })).toBe(false);
    expect(matches(entry, { ...noFilters, text: 'MUST BE INTEGER' })).toBe(true);
    expect(matches(entry, { ...noFilters, text: "o'fern" })).toBe(true);
    expect(matches(entry, { ...noFilters, text: 'cactus' })).toBe(false);
  });
});

describe('the copy formats', () => {
  it('quote a curl command for the shell', () => {
    expect(toCurl(entry)).toBe(
      `curl -X POST 'http://127.0.0.1:4010/plants?dry=it%27s' -H 'authorization: Bearer <token>' -H 'content-type: application/json' --data-raw '{"id":1,"name":"O'\\''Fern"}'`,
    );
  });

  it('give the verify pattern of the request', () => {
    expect(JSON.parse(toVerifyPattern(entry))).toEqual({
      method: 'POST',
      path: '/plants',
      body: { equalTo: { id: 1, name: "O'Fern" } },
    });
  });

  it('give a HAR 1.2 log of the one entry', () => {
    const har = JSON.parse(toHar(entry, '0.1.0')) as {
      log: {
        version: string;
        entries: { request: { url: string }; response: { status: number } }[];
      };
    };
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries).toHaveLength(1);
    expect(har.log.entries[0]?.request.url).toBe('http://127.0.0.1:4010/plants?dry=it%27s');
    expect(har.log.entries[0]?.response.status).toBe(400);
  });

  it('show control characters as their pictures', () => {
    expect(visibleText('a\u0000b\u001b[31m\u007f\tc\n')).toBe('a␀b␛[31m␡\tc\n');
  });
});

describe('the live list', () => {
  const numbered = (from: number, to: number, session = 'team-a'): Entry[] =>
    Array.from({ length: to - from + 1 }, (_, i) => ({ ...entry, id: String(from + i), session }));

  it('shows entries newest first, takes each id once and keeps at most its limit', () => {
    const live = createLiveEntries(3);
    expect(live.take(numbered(1, 2))).toBe(true);
    expect(live.take(numbered(2, 2))).toBe(false);
    live.flush(false);
    live.take(numbered(3, 5));
    live.flush(false);
    expect(live.shown.map((e) => e.id)).toEqual(['5', '4', '3']);
    // An id that left the list may come back (a journal read).
    expect(live.take(numbered(1, 1))).toBe(true);
  });

  it('holds what arrives while paused, and shows it on resume', () => {
    const live = createLiveEntries(10);
    live.take(numbered(1, 1));
    live.flush(false);
    live.take(numbered(2, 3));
    live.flush(true);
    expect(live.shown.map((e) => e.id)).toEqual(['1']);
    expect(live.held.map((e) => e.id)).toEqual(['3', '2']);
    expect(live.release()).toBe(true);
    expect(live.shown.map((e) => e.id)).toEqual(['3', '2', '1']);
  });

  it('keeps entries newer than a journal read above it, and forgets a reset session', () => {
    const live = createLiveEntries(10);
    live.take([...numbered(1, 2), ...numbered(3, 3, 'team-b')]);
    live.replace(numbered(1, 2).reverse(), false);
    expect(live.shown.map((e) => e.id)).toEqual(['2', '1']);
    live.flush(false);
    expect(live.shown.map((e) => e.id)).toEqual(['3', '2', '1']);
    live.forget('team-a');
    expect(live.shown.map((e) => e.id)).toEqual(['3']);
    expect([...live.sessionCounts.keys()]).toEqual(['team-b']);
  });
});

describe('the stream gaps', () => {
  it('count what was left out until a journal read covers it', () => {
    const gaps = createStreamGaps();
    gaps.note(5, '10');
    gaps.note(7, '30');
    expect(gaps.missing).toBe(12);
    gaps.cover(20);
    expect(gaps.missing).toBe(7);
    // A gap reported late, for entries the read holds, is none.
    expect(gaps.note(3, '15')).toBe(false);
    expect(gaps.missing).toBe(7);
  });

  it('merge the oldest past their limit, never counting fewer', () => {
    const gaps = createStreamGaps(4);
    for (let id = 1; id <= 10; id++) gaps.note(2, String(id * 10));
    expect(gaps.missing).toBe(20);
    gaps.cover(95);
    expect(gaps.missing).toBe(2);
  });
});
