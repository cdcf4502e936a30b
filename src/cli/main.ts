#!/usr/bin/env node
// The CLI's entry: says first when this Node is older than the package supports, then sets V8's
// flags, then loads everything else. Only node-version-warning.ts (node:fs alone) is imported
// statically, so nothing that needs a newer Node loads before the warning is written.
import { nodeVersionWarning } from './node-version-warning.ts';

const warning = nodeVersionWarning(process.versions.node);
if (warning !== undefined) process.stderr.write(`plant-store-mock: ${warning}\n`);

// The in-memory store's settings until the arguments are read (run-cli.ts changes them for Redis).
const { setHeapFlags } = await import('./heap-flags.ts');
setHeapFlags('memory');

await import('./run-cli.ts');
