#!/usr/bin/env node
// The CLI's entry: sets V8's flags first, then loads everything else.
import { setFlagsFromString } from 'node:v8';

// A mock runs beside everything else in CI and dev stacks: have V8 keep its heap small rather
// than grow it for speed (peak RSS under load drops by half; see the README's performance notes).
setFlagsFromString('--optimize-for-size');

await import('./run-cli.ts');
