import { setFlagsFromString } from 'node:v8';

/**
 * V8's heap settings for the store the CLI serves; both can be set while it runs.
 *
 * - In memory (the default, set by main.ts before anything loads): favour a small heap. A mock
 *   runs beside everything else in CI and dev stacks, and the journal and store live in it: peak
 *   RSS under load drops by half (docs/design.md).
 * - On Redis the heap holds little, and a request holds its objects across its round trips: a
 *   young generation that stays at its first size collects them quickly (docs/redis.md).
 */
export function setHeapFlags(store: 'memory' | 'shared'): void {
  if (store === 'memory') {
    setFlagsFromString('--optimize-for-size');
    return;
  }
  setFlagsFromString('--no-optimize-for-size');
  setFlagsFromString('--semi-space-growth-factor=1');
}
