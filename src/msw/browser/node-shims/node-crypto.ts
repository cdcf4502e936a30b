import { Buffer } from 'buffer';
import { sha256 } from './sha256.ts';

// What the handlers' code takes from node:crypto, on web APIs (see scripts/build-msw-browser.ts).

type Digest = { (): Buffer; (encoding: 'hex' | 'base64'): string };

/**
 * node:crypto's `createHash('sha256')`: `update` with text or bytes, `digest` as bytes, hex or base64.
 *
 * @example
 * createHash('sha256').update('abc').digest('hex').slice(0, 8); // 'ba7816bf'
 */
export function createHash(algorithm: string) {
  if (algorithm !== 'sha256')
    throw new Error(`Failed to hash with ${algorithm}: the browser bundle has sha256 only.`);
  const parts: Uint8Array[] = [];
  const hash = {
    update(data: string | Uint8Array) {
      parts.push(typeof data === 'string' ? new TextEncoder().encode(data) : data);
      return hash;
    },
    digest: ((encoding?: 'hex' | 'base64') => {
      const digest = Buffer.from(sha256(Buffer.concat(parts)));
      return encoding === undefined ? digest : digest.toString(encoding);
    }) as Digest,
  };
  return hash;
}

/** node:crypto's `randomInt(max)`: an integer in [0, max), max at most 2^32. */
export function randomInt(max: number): number {
  return Math.floor(((crypto.getRandomValues(new Uint32Array(1))[0] as number) / 2 ** 32) * max);
}

/** node:crypto's `randomUUID()`. */
export function randomUUID(): string {
  return crypto.randomUUID();
}

/** node:crypto's `randomBytes(size)`, whose `toString` also writes base64url. */
export function randomBytes(size: number) {
  const bytes = Buffer.from(crypto.getRandomValues(new Uint8Array(size)));
  const write = bytes.toString.bind(bytes);
  return Object.assign(bytes, {
    toString: (encoding?: BufferEncoding | 'base64url') =>
      encoding === 'base64url'
        ? write('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
        : write(encoding),
  });
}
