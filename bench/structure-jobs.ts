// The workloads of bench/structures.ts, one per child process: each runs one variant (A, the
// hand-written structure; B, the built-in or the library) and prints one JSON line of figures.
import { randomUUID } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { createByteRing } from '../src/observe/byte-ring.ts';
import { GCProfiler } from 'node:v8';
import { createIdSet, type StoreKey } from '../src/responders/store/id-set.ts';

export type Variant = 'A' | 'B';
export type Measure = 'speed' | 'memory';

/** One child's task. */
export interface Job {
  workload: WorkloadName;
  variant: Variant;
  measure: Measure;
}

/** What one child measured: operations a second, or memory over the baseline (bytes). */
export interface JobResult {
  opsPerSec: number;
  gcMs: number;
  /** Highest heapUsed + external over the baseline while the workload ran. */
  peakHeapExternal: number;
  peakRss: number;
  /** heapUsed + external over the baseline after the workload, after a full collection. */
  retained: number;
}

const storeLimit = 100_000;
const journalLimit = 10_000;

// --- Memory sampling -------------------------------------------------------------------------

function collect(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('Failed to collect: run with --expose-gc.');
  gc();
  gc();
}

function createSampler(measure: Measure) {
  collect();
  const base = process.memoryUsage();
  let peakHeapExternal = 0;
  let peakRss = 0;
  return {
    sample(): void {
      if (measure !== 'memory') return;
      const now = process.memoryUsage();
      peakHeapExternal = Math.max(
        peakHeapExternal,
        now.heapUsed + now.external - base.heapUsed - base.external,
      );
      peakRss = Math.max(peakRss, now.rss - base.rss);
    },
    finish(): Pick<JobResult, 'peakHeapExternal' | 'peakRss' | 'retained'> {
      this.sample();
      collect();
      const after = process.memoryUsage();
      return {
        peakHeapExternal,
        peakRss,
        retained: after.heapUsed + after.external - base.heapUsed - base.external,
      };
    },
  };
}

// Time spent in garbage collection from now to stop(), in ms.
function watchGc() {
  const profiler = new GCProfiler();
  profiler.start();
  return {
    stop(): number {
      const costMicros = profiler.stop().statistics.reduce((sum, gc) => sum + gc.cost, 0);
      return costMicros / 1000;
    },
  };
}

// --- Store: IdSet against Set ----------------------------------------------------------------

// The store's insert (src/store/record-store.ts) with its set swapped: the fixtures' ids, the
// session's ids, and the creation order in a ring, the oldest forgotten past the limit.
function createStoreModel(variant: Variant) {
  const fixtures = variant === 'A' ? createIdSet([1, 2, 3]) : new Set<StoreKey>([1, 2, 3]);
  const ids = variant === 'A' ? createIdSet() : new Set<StoreKey>();
  const order = new Array<StoreKey>(storeLimit + 1).fill(0);
  let head = 0;
  let size = 0;
  const remember = (key: StoreKey): void => {
    order[(head + size) % order.length] = key;
    size++;
    if (size > storeLimit) {
      ids.delete(order[head] as StoreKey);
      head = (head + 1) % order.length;
      size--;
    }
  };
  if (variant === 'A') {
    const set = ids as ReturnType<typeof createIdSet>;
    return (key: StoreKey): boolean => {
      if (fixtures.has(key) || !set.add(key)) return false;
      remember(key);
      return true;
    };
  }
  const set = ids as Set<StoreKey>;
  return (key: StoreKey): boolean => {
    if (fixtures.has(key) || set.has(key)) return false;
    set.add(key);
    remember(key);
    return true;
  };
}

// Ids as clients send them: four in five random integers (up to 2^40), one in five UUID strings
// (as keyOf keeps them, `s:` and the text).
function randomKeys(count: number): StoreKey[] {
  return Array.from({ length: count }, () =>
    Math.random() < 0.8 ? Math.floor(Math.random() * 2 ** 40) : `s:${randomUUID()}`,
  );
}

function runStore(
  job: Job,
  keysOf: (count: number) => (i: number) => StoreKey,
  timedOps: number,
): JobResult {
  const warmOps = 100_000;
  const keyAt = keysOf(storeLimit + warmOps + timedOps);
  const sampler = createSampler(job.measure);
  const insert = createStoreModel(job.variant);
  let n = 0;
  // Fill to the limit and run past it (warm-up), then time creates at the limit.
  for (; n < storeLimit + warmOps; n++) {
    insert(keyAt(n));
    if (n % 1_000 === 0) sampler.sample();
  }
  const gc = watchGc();
  const started = performance.now();
  for (const end = n + timedOps; n < end; n++) {
    insert(keyAt(n));
    if (n % 1_000 === 0) sampler.sample();
  }
  const elapsed = performance.now() - started;
  const gcMs = gc.stop();
  const memory = sampler.finish();
  // The ids and the set stay referenced until the figures are taken: freeing either would count.
  sink += (typeof keyAt(0) === 'number' ? 1 : 0) + (insert(keyAt(0)) ? 1 : 0);
  return { opsPerSec: timedOps / (elapsed / 1000), gcMs, ...memory };
}

// --- Journal: byte ring against an array of strings ------------------------------------------

interface TextRing {
  push(text: string): void;
  at(index: number): string;
  readonly size: number;
}

// B: the texts as strings in an array used as a ring.
function createStringRing(slots: number): TextRing {
  const texts = new Array<string>(slots).fill('');
  let first = 0;
  let count = 0;
  return {
    push(text) {
      if (count === slots) {
        first = (first + 1) % slots;
        count--;
      }
      texts[(first + count) % slots] = text;
      count++;
    },
    at: (index) => texts[(first + index) % slots] as string,
    get size() {
      return count;
    },
  };
}

const letters = 'abcdefghijklmnopqrstuvwxyz0123456789'.repeat(1_000);

// A journal entry as the mock writes it: the request and its answer, fresh for each add.
function entryText(n: number, bodyBytes: () => [number, number]): string {
  const [requestBytes, responseBytes] = bodyBytes();
  const offset = n % 1_000;
  return JSON.stringify({
    id: String(n),
    session: 'default',
    at: new Date(1_700_000_000_000 + n).toISOString(),
    request: {
      method: 'POST',
      path: '/plants',
      headers: [
        ['content-type', 'application/json'],
        ['authorization', 'Bearer 3f9a1c'],
        ['user-agent', 'node'],
        ['x-request-id', `req-${n}`],
      ],
      body: { id: n, name: 'Fern', notes: letters.slice(offset, offset + requestBytes) },
    },
    response: {
      status: 200,
      headers: [
        ['content-type', 'application/json'],
        ['x-content-type-options', 'nosniff'],
      ],
      body: { id: n, name: 'Fern', notes: letters.slice(offset, offset + responseBytes) },
    },
    operationId: 'createPlant',
    source: 'stateful',
    durationMs: 0.321,
  });
}

// ~1 KiB texts, and texts of 16 to 33 KiB (two bodies of 8 to 16 KiB each).
const smallBodies = (): [number, number] => [200, 200];
const largeBodies = (): [number, number] => [
  8_192 + Math.floor(Math.random() * 8_192),
  8_192 + Math.floor(Math.random() * 8_192),
];

// Short-lived objects a server makes per request besides the journal entry: the body parsed, a
// context, header lists.
let sink = 0;
function requestGarbage(n: number): void {
  const body = JSON.parse(`{"id":${n},"name":"Fern","tags":["green","indoor"],"price":12.5}`) as {
    id: number;
  };
  const context = {
    body,
    headers: Array.from({ length: 12 }, (_, i) => [`x-header-${i}`, `value-${n}-${i}`]),
    started: performance.now(),
  };
  sink += context.headers.length + context.body.id;
}

function runJournal(
  job: Job,
  bodies: () => [number, number],
  timedAdds: number,
  withGarbage: boolean,
): JobResult {
  const sampler = createSampler(job.measure);
  const ring: TextRing =
    job.variant === 'A' ? createByteRing(journalLimit) : createStringRing(journalLimit);
  let n = 0;
  const add = (): void => {
    if (withGarbage) requestGarbage(n);
    ring.push(entryText(n, bodies));
    // A read of every hundredth entry (admin reads parse each text).
    if (n % 100 === 0) sink += (JSON.parse(ring.at(n % ring.size)) as { id: string }).id.length;
    if (n % 100 === 0) sampler.sample();
    n++;
  };
  // Fill to the limit and go round once more in part (warm-up), then time adds at the limit,
  // garbage collection included.
  while (n < journalLimit * 1.2) add();
  const gc = watchGc();
  const started = performance.now();
  for (const end = n + timedAdds; n < end;) add();
  const elapsed = performance.now() - started;
  const gcMs = gc.stop();
  const memory = sampler.finish();
  // The ring stays referenced until the figures are taken, so that what it retains counts.
  sink += ring.size;
  return { opsPerSec: timedAdds / (elapsed / 1000), gcMs, ...memory };
}

// --- Workloads ---------------------------------------------------------------------------------

const workloads = {
  'store sequential ids': (job: Job) =>
    Promise.resolve(runStore(job, () => (i) => 1_000 + i, 1_000_000)),
  'store random ids (80 % int, 20 % uuid)': (job: Job) =>
    Promise.resolve(
      runStore(
        job,
        (count) => {
          const keys = randomKeys(count);
          return (i) => keys[i] as StoreKey;
        },
        200_000,
      ),
    ),
  'journal ~1 KiB adds': (job: Job) =>
    Promise.resolve(runJournal(job, smallBodies, 100_000, false)),
  'journal 16-33 KiB adds': (job: Job) =>
    Promise.resolve(runJournal(job, largeBodies, 10_000, false)),
  'journal 200k ~1 KiB adds + request garbage': (job: Job) =>
    Promise.resolve(runJournal(job, smallBodies, 200_000, true)),
} satisfies Record<string, (job: Job) => Promise<JobResult>>;

export type WorkloadName = keyof typeof workloads;
export const workloadNames = Object.keys(workloads) as WorkloadName[];

/** Runs the job in this process and prints its result as one JSON line. */
export async function runJob(job: Job): Promise<void> {
  // Let start-up's garbage go before the baseline, or its freeing later is subtracted from what
  // the workload holds.
  for (let i = 0; i < 5; i++) {
    collect();
    await setTimeout(20);
  }
  const result = await workloads[job.workload](job);
  // The checksum keeps the reads' results alive, so that no read can be optimised away.
  process.stdout.write(`${JSON.stringify({ ...result, checksum: sink })}\n`);
}
