import { describe, expect, it } from 'vitest';
import {
  toCurl,
  toHar,
  toVerifyPattern,
  visibleText,
} from '../../src/inspector/page/copy-formats.ts';
import { entryOf, type Entry } from '../../src/inspector/page/entry.ts';
import { matches, noFilters } from '../../src/inspector/page/filter-entries.ts';
import { parseEvents } from '../../src/inspector/page/parse-events.ts';

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
