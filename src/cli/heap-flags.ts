import { setFlagsFromString } from 'node:v8';

/**
 * V8's heap settings for the CLI, whatever its store; both can be set while it runs. The young
 * generation stays at its first size: a request's objects are collected young, in collections
 * under a millisecond, and the heap stays small without V8's small-heap mode, which cost each
 * create CPU in collections (docs/design.md; on Redis, where a request holds its objects across
 * its round trips, docs/redis.md).
 */
export function setHeapFlags(): void {
  setFlagsFromString('--no-optimize-for-size');
  setFlagsFromString('--semi-space-growth-factor=1');
}
