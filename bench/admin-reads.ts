// Admin reads over a full journal: how long each holds the event loop, and how long it takes.
//   node bench/admin-reads.ts                         10,000 entries of 16 KB (the default limit)
//   ADMIN_BENCH_ENTRIES=1000 node bench/admin-reads.ts   a short run
//   ADMIN_BENCH_ONLY=pact node bench/admin-reads.ts      only the reads whose label starts so
// The mock runs in this process, so that perf_hooks sees its event loop; answers are read as
// bytes and dropped, so that the client adds no parsing of its own to the figures. Each entry is
// a request shape of its own (a query parameter and a body field of its own), so that the pact
// has as many interactions as its limit holds. Peak RSS: the process's high-water mark after
// the read (VmHWM), so a later read shows a rise only when it goes past the earlier ones. Longest
// hold, CPU: the main thread's own work in the longest gap (see watchLoopHolds), which a machine
// shared with other work does not inflate.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startMockServer } from '../src/index.ts';
import { watchLoopHolds } from './loop-holds.ts';
import { readProcessMemory } from './sample-rss.ts';

const entries = Number(process.env.ADMIN_BENCH_ENTRIES ?? 10_000);
const bodyBytes = Number(process.env.ADMIN_BENCH_BODY_BYTES ?? 16_000);
const concurrency = 16;

const server = await startMockServer({ port: 0, host: '127.0.0.1', logLevel: 'silent' });
const headers = { authorization: 'Bearer bench', 'content-type': 'application/json' };
const name = 'x'.repeat(bodyBytes - 40);

const filling = Date.now();
let next = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < entries) {
      const id = ++next;
      const answer = await fetch(`${server.url}/plants?q${id}=1`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ id, name, [`f${id}`]: id }),
      });
      await answer.arrayBuffer();
    }
  }),
);
console.log(`journal: ${entries} entries of ${bodyBytes} B in ${Date.now() - filling} ms`);

const reads: [string, string, unknown?][] = [
  // The first admin call: it loads the admin API, which compiles its body checks.
  ['first admin call (empty session)', '/verify?session=empty', { pattern: { method: 'GET' } }],
  ['verify (no body in pattern)', '/verify', { pattern: { method: 'POST', path: '/plants' } }],
  [
    'verify (body pattern, 0 matches)',
    '/verify',
    { pattern: { body: { matches: { name: 'none' } } }, times: { exactly: 1 } },
  ],
  ['count', '/requests/count', { pathPattern: '/plants(/.*)?' }],
  ['find (matches all)', '/requests/find', { method: 'POST' }],
  ['requests?limit=10', '/requests?limit=10'],
  ['requests (all)', '/requests'],
  ['requests.har', '/requests.har'],
  ['coverage', '/coverage'],
  ['pact', '/pact'],
];

const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
console.log(`RSS after filling: ${(await readProcessMemory(process.pid)).rssMb} MiB`);
console.log(
  '| admin read | latency ms | event-loop delay p99 / max ms | longest hold, CPU ms | answer MB | peak RSS MiB |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
const only = process.env.ADMIN_BENCH_ONLY ?? '';
for (const [label, path, body] of reads.filter(([label]) => label.startsWith(only))) {
  delay.reset();
  const holds = watchLoopHolds();
  const started = performance.now();
  const answer = await fetch(`${server.adminUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  let bytes = 0;
  for await (const chunk of answer.body ?? []) bytes += (chunk as Uint8Array).byteLength;
  const latency = performance.now() - started;
  holds.stop();
  console.log(
    `| ${label} (${answer.status}) | ${latency.toFixed(0)} | ${(delay.percentile(99) / 1e6).toFixed(1)} / ${(delay.max / 1e6).toFixed(1)} | ${holds.workMs.toFixed(1)} | ${(bytes / 1e6).toFixed(1)} | ${(await readProcessMemory(process.pid)).hwmMb} |`,
  );
}
delay.disable();
await server.close();
