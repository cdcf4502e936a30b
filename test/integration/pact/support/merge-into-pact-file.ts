// A writer of the parallel-writers test: merges the pact file given second into the first, at
// the moment given third (epoch ms), so that the writers really run at once.
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { mergeIntoPactFile } from '../../../../src/pact/write-pact-file.ts';
import type { Pact } from '../../../../src/pact/pact-document.ts';

const [target, source, startAt] = process.argv.slice(2) as [string, string, string];
const pact = JSON.parse(await readFile(source, 'utf8')) as Pact;
await sleep(Math.max(0, Number(startAt) - Date.now()));
await mergeIntoPactFile(target, pact);
