#!/usr/bin/env node
// The CLI's entry: says first when this Node is older than the package supports, then sets V8's
// flags and turns on the compile cache, then loads everything else. Only node-version-warning.ts
// (node:fs alone) is imported statically, so nothing that needs a newer Node loads before the
// warning is written.
import { nodeVersionWarning } from './node-version-warning.ts';

const warning = nodeVersionWarning(process.versions.node);
if (warning !== undefined) process.stderr.write(`plant-store-mock: ${warning}\n`);

// Before anything loads, so that the heap is sized by them from the start.
const { setHeapFlags } = await import('./heap-flags.ts');
setHeapFlags();

// And so that V8 reads the rest's compiled code from the cache of earlier starts.
const { enableOwnCompileCache } = await import('../compile-cache.ts');
enableOwnCompileCache();

await import('./run-cli.ts');
