// Admin reads over a full journal: how long each holds the event loop, and how long it takes.
//   node bench/admin-reads.ts                         10,000 entries of 16 KB (the default limit)
//   ADMIN_BENCH_ENTRIES=1000 node bench/admin-reads.ts   a short run
// The mock runs in this process, so that perf_hooks sees its event loop; answers are read as
// bytes and dropped, so that the client adds no parsing of its own to the figures.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startMockServer } from '../src/index.ts';

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
      const answer = await fetch(`${server.url}/plants`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ id, name }),
      });
      await answer.arrayBuffer();
    }
  }),
);
console.log(`journal: ${entries} entries of ${bodyBytes} B in ${Date.now() - filling} ms`);

const reads: [string, string, unknown?][] = [
  // The first admin call: the admin API loads and compiles its checks at start, not on first use.
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
console.log('| admin read | latency ms | event-loop delay p99 / max ms | answer MB |');
console.log('| --- | ---: | ---: | ---: |');
for (const [label, path, body] of reads) {
  delay.reset();
  const started = performance.now();
  const answer = await fetch(`${server.adminUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  let bytes = 0;
  for await (const chunk of answer.body ?? []) bytes += (chunk as Uint8Array).byteLength;
  const latency = performance.now() - started;
  console.log(
    `| ${label} (${answer.status}) | ${latency.toFixed(0)} | ${(delay.percentile(99) / 1e6).toFixed(1)} / ${(delay.max / 1e6).toFixed(1)} | ${(bytes / 1e6).toFixed(1)} |`,
  );
}
delay.disable();
await server.close();
