#!/usr/bin/env node
// The CLI's entry: sets V8's flags first, then loads everything else.
import { setHeapFlags } from './heap-flags.ts';

// The in-memory store's settings until the arguments are read (run-cli.ts changes them for Redis).
setHeapFlags('memory');

await import('./run-cli.ts');
