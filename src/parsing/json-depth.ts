/**
 * How deep a JSON body the mock accepts may nest (mock port and admin API): every later stage walks
 * bodies recursively, and a deep one can run the stack out (docs/design.md).
 */
export const maxJsonDepth = 128;

const [openArray, openObject, closeArray, closeObject] = [0x5b, 0x7b, 0x5d, 0x7d];
const [quote, backslash] = [0x22, 0x5c];

/**
 * Whether a JSON text nests arrays and objects deeper than `limit`, read from its UTF-8 bytes
 * without parsing it (brackets inside strings do not count). Linear in the length; multi-byte
 * characters never hold these ASCII bytes.
 *
 * @example
 * nestsDeeperThan(Buffer.from('[[1]]'), 1); // true
 * nestsDeeperThan(Buffer.from('["[["]'), 1); // false
 */
export function nestsDeeperThan(bytes: Uint8Array, limit: number = maxJsonDepth): boolean {
  // A text shorter than the limit cannot open more brackets than it.
  if (bytes.length <= limit) return false;
  let depth = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (byte === quote) {
      i = closingQuote(bytes, i);
    } else if (byte === openArray || byte === openObject) {
      if (++depth > limit) return true;
    } else if (byte === closeArray || byte === closeObject) {
      depth--;
    }
  }
  return false;
}

// Where the string opened at `start` ends (the length when it does not): byte by byte for 64 bytes,
// then indexOf (cheaper over a long string). A quote after an odd run of backslashes is escaped.
function closingQuote(bytes: Uint8Array, start: number): number {
  const loopEnd = Math.min(bytes.length, start + 64);
  for (let i = start + 1; i < loopEnd; i++) {
    const byte = bytes[i];
    if (byte === backslash) i++;
    else if (byte === quote) return i;
  }
  let at = loopEnd - 1;
  for (;;) {
    at = bytes.indexOf(quote, at + 1);
    if (at === -1) return bytes.length;
    let backslashes = 0;
    while (bytes[at - 1 - backslashes] === backslash) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
}

/**
 * The contract-shaped wording of a body refused for its depth.
 *
 * @example
 * tooDeepMessage(); // 'must nest arrays and objects at most 128 deep; ...'
 */
export function tooDeepMessage(limit: number = maxJsonDepth): string {
  return `must nest arrays and objects at most ${limit} deep; the mock refuses deeper JSON so that no later stage (journal, HAR, matching) can overflow the stack`;
}
