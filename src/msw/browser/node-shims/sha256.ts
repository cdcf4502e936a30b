// SHA-256 (FIPS 180-4), synchronous as node:crypto's createHash is: the browser's SubtleCrypto only
// hashes asynchronously. test/unit/msw-browser-shims.test.ts holds it equal to node:crypto.

const primes = Array.from({ length: 312 }, (_, n) => n).filter(
  (n) => n > 1 && Array.from({ length: n - 2 }, (_, i) => i + 2).every((d) => n % d !== 0),
);
// The first 32 bits of the fractional parts of the primes' cube roots (K) and square roots (H).
const fraction = (x: number): number => ((x - Math.floor(x)) * 2 ** 32) >>> 0;
const rounds = Uint32Array.from(primes.slice(0, 64), (p) => fraction(Math.cbrt(p)));
const initial = Uint32Array.from(primes.slice(0, 8), (p) => fraction(Math.sqrt(p)));

const rotate = (x: number, n: number): number => (x >>> n) | (x << (32 - n));

/**
 * The SHA-256 digest of `bytes`.
 *
 * @example
 * sha256(new TextEncoder().encode('abc'))[0]; // 0xba
 */
export function sha256(bytes: Uint8Array): Uint8Array {
  const padded = new Uint8Array((((bytes.length + 8) >> 6) + 1) << 6);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bytes.length / 2 ** 29));
  view.setUint32(padded.length - 4, (bytes.length << 3) >>> 0);
  const h = initial.slice();
  const w = new Uint32Array(64);
  for (let block = 0; block < padded.length; block += 64) {
    for (let t = 0; t < 16; t++) w[t] = view.getUint32(block + t * 4);
    for (let t = 16; t < 64; t++) {
      const a = w[t - 15] as number;
      const b = w[t - 2] as number;
      const s0 = rotate(a, 7) ^ rotate(a, 18) ^ (a >>> 3);
      const s1 = rotate(b, 17) ^ rotate(b, 19) ^ (b >>> 10);
      w[t] = ((w[t - 16] as number) + s0 + (w[t - 7] as number) + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, k] = h as unknown as number[] as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    for (let t = 0; t < 64; t++) {
      const s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25);
      const choice = (e & f) ^ (~e & g);
      const t1 = (k + s1 + choice + (rounds[t] as number) + (w[t] as number)) >>> 0;
      const s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22);
      const majority = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (s0 + majority) >>> 0;
      [k, g, f, e, d, c, b, a] = [g, f, e, (d + t1) >>> 0, c, b, a, (t1 + t2) >>> 0];
    }
    [a, b, c, d, e, f, g, k].forEach((x, i) => {
      h[i] = ((h[i] as number) + x) >>> 0;
    });
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  h.forEach((x, i) => {
    outView.setUint32(i * 4, x);
  });
  return out;
}
