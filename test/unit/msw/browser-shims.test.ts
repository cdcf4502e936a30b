import * as nodeCrypto from 'node:crypto';
import * as nodeHttp from 'node:http';
import { createRequire } from 'node:module';
import { parse } from 'node:querystring';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as shimCrypto from '../../../src/msw/browser/node-shims/node-crypto.ts';
import { fast1a52hex } from '../../../src/msw/browser/node-shims/fnv-plus.ts';
import * as shimHttp from '../../../src/msw/browser/node-shims/node-http.ts';
import { queryOf } from '../../../src/msw/query-of.ts';

// The browser bundle swaps these for Node's modules (scripts/build-msw-browser.ts): the hashes
// seed the dynamic mode's bodies and name contracts, so they must be Node's to the bit.

const throws = (check: () => void): boolean => {
  try {
    check();
    return false;
  } catch {
    return true;
  }
};

describe('the browser shims of node:crypto', () => {
  it("hash any bytes or text as node:crypto's sha256 does, across block boundaries", () => {
    const data = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 200 }),
      fc.uint8Array({ maxLength: 300 }),
      fc.integer({ min: 50, max: 140 }).map((length) => new Uint8Array(length).fill(97)),
    );
    fc.assert(
      fc.property(data, (value) => {
        const node = nodeCrypto.createHash('sha256').update(value);
        const shim = shimCrypto.createHash('sha256').update(value);
        expect(shim.digest('hex')).toBe(node.digest('hex'));
      }),
      { numRuns: 300 },
    );
    const parts = ['seed', '\0', 'createPlant'];
    const node = nodeCrypto.createHash('sha256');
    const shim = shimCrypto.createHash('sha256');
    for (const part of parts) {
      node.update(part);
      shim.update(part);
    }
    expect(shim.digest().readUInt32BE(0)).toBe(node.digest().readUInt32BE(0));
    expect(shimCrypto.createHash('sha256').update('x').digest('base64')).toBe(
      nodeCrypto.createHash('sha256').update('x').digest('base64'),
    );
  });

  it('make ids of the shapes Node makes', () => {
    expect(shimCrypto.randomBytes(6).toString('base64url')).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(shimCrypto.randomUUID()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-/);
    const drawn = Array.from({ length: 200 }, () => shimCrypto.randomInt(10));
    expect(drawn.every((n) => Number.isInteger(n) && n >= 0 && n < 10)).toBe(true);
  });
});

describe('the browser shims of node:http and node:querystring', () => {
  it("refuse the header names and values that Node's checks refuse", () => {
    const text = fc.string({ unit: 'binary', maxLength: 12 });
    fc.assert(
      fc.property(text, text, (name, value) => {
        expect(
          throws(() => {
            shimHttp.validateHeaderName(name);
          }),
        ).toBe(
          throws(() => {
            nodeHttp.validateHeaderName(name);
          }),
        );
        expect(
          throws(() => {
            shimHttp.validateHeaderValue('x', value);
          }),
        ).toBe(
          throws(() => {
            nodeHttp.validateHeaderValue('x', value);
          }),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('read a query as querystring.parse does, repeated names as arrays', () => {
    const part = fc.constantFrom('a', 'b', 'tag', 'x%20y', 'q+r', 'é', '', '=', '%');
    const query = fc
      .array(fc.tuple(part, part), { maxLength: 6 })
      .map((pairs) => pairs.map(([name, value]) => `${name}=${value}`).join('&'));
    fc.assert(
      fc.property(query, (search) => {
        expect({ ...queryOf(search) }).toEqual({ ...parse(search) });
      }),
      { numRuns: 300 },
    );
  });
});

// What @stoplight/http-spec requires (it has no types of its own).
const fnv = createRequire(import.meta.url)('fnv-plus') as { fast1a52hex(text: string): string };

describe('the browser shim of fnv-plus', () => {
  it("names operations with fnv-plus's fast1a52hex, for any UTF-16 text", () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.integer({ min: 0, max: 0xffff }).map(String.fromCharCode),
          maxLength: 300,
        }),
        (text) => {
          expect(fast1a52hex(text)).toBe(fnv.fast1a52hex(text));
        },
      ),
      { numRuns: 1000 },
    );
    for (const text of ['', 'a', 'createPlant', 'http_operation-/plants-post']) {
      expect(fast1a52hex(text)).toBe(fnv.fast1a52hex(text));
    }
  });
});
