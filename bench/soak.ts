// Soak: sustained mixed load over many sessions, then checks that nothing was lost.
//   npm run soak                          60 s, 100 connections, 20 sessions
//   SOAK_SECONDS=5 SOAK_CONNECTIONS=20 npm run soak    a short run (CI runs one)
//   SOAK_SESSIONS=1000000 SOAK_SESSION_NAME_BYTES=256 SOAK_BODY_BYTES=16384 npm run soak
//                                         every request in a new session, long names, big bodies:
//                                         past --session-limit, so sessions are evicted
//   SOAK_MOCK_ARGS="--session-limit 1000" passes flags to the mock
//   SOAK_EVENT_CLIENTS=600                opens that many event streams that never read, past
//                                         --event-client-limit: the mock must refuse the rest with
//                                         503 and drop the streams it took
// Prints RSS every tenth of the run. Exits 1 when any check fails. Everything stays on 127.0.0.1.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Agent, request } from 'node:http';
import { openStalledStream } from '../test/support/stalled-stream.ts';

const seconds = Number(process.env.SOAK_SECONDS ?? 60);
const connections = Number(process.env.SOAK_CONNECTIONS ?? 100);
const sessions = Number(process.env.SOAK_SESSIONS ?? 20);
const sessionNameBytes = Number(process.env.SOAK_SESSION_NAME_BYTES ?? 0);
const bodyBytes = Number(process.env.SOAK_BODY_BYTES ?? 0);
const eventClients = Number(process.env.SOAK_EVENT_CLIENTS ?? 0);
const mockArgs = (process.env.SOAK_MOCK_ARGS ?? '').split(' ').filter((arg) => arg !== '');
const padding = 'x'.repeat(bodyBytes);
// Session names of SOAK_SESSION_NAME_BYTES: the number, padded.
const sessionName = (n: number): string => `soak-${n}`.padEnd(sessionNameBytes, '.');
const kinds = ['valid', 'invalid', 'unauthorized'] as const;
const expectedStatus = { valid: 200, invalid: 400, unauthorized: 401 } as const;

const root = new URL('..', import.meta.url);
const server = spawn(
  process.execPath,
  ['src/cli/main.ts', '--port', '0', '--host', '127.0.0.1', ...mockArgs],
  {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const lines = createInterface({ input: server.stdout });
const url = await new Promise<string>((resolve, reject) => {
  lines.on('line', (line) => {
    const match = /"url":"([^"]+)"/.exec(line);
    if (match?.[1] !== undefined) resolve(match[1]);
  });
  server.once('exit', (code) => {
    reject(new Error(`the mock exited with ${String(code)} before it listened`));
  });
});
server.stdout.resume();
const { port } = new URL(url);

const agent = new Agent({ keepAlive: true, maxSockets: connections });
function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, headers, agent, timeout: 5_000 },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, text });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 5 s')));
    req.on('error', reject);
    req.end(body);
  });
}

// Streams that stop reading once their answer began, opened before the load and held through it.
const stalled = await Promise.all(
  Array.from({ length: eventClients }, () =>
    openStalledStream(Number(port), '/__admin/events?session=*'),
  ),
);
const streamStatuses = new Map<number, number>();
for (const stream of stalled)
  streamStatuses.set(stream.status, (streamStatuses.get(stream.status) ?? 0) + 1);

const rssSamples: { at: number; rss: number }[] = [];
function sampleRss(): void {
  const status = readFileSync(`/proc/${String(server.pid)}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  rssSamples.push({ at: performance.now(), rss: kb * 1024 });
}
// RSS over time, one line every tenth of the run: flat once the journal and the limits are full.
const printer = setInterval(
  () => {
    const last = rssSamples.at(-1);
    if (last === undefined) return;
    const at = ((last.at - started) / 1000).toFixed(0);
    console.log(`t=${at}s RSS ${(last.rss / 1024 / 1024).toFixed(1)} MiB, ${counts.sent} sent`);
  },
  Math.max(1_000, seconds * 100),
);

const counts = { sent: 0, answered: 0, errors: 0, unexpected: 0 };
const sentPerSession = new Map<string, number>();
const latencies: number[] = [];
const failures: string[] = [];
let nextId = 1;
const started = performance.now();
const deadline = started + seconds * 1000;
const sampler = setInterval(sampleRss, 500);
sampleRss();

await Promise.all(
  Array.from({ length: connections }, async (_, worker) => {
    for (let turn = 0; performance.now() < deadline; turn++) {
      const id = nextId++;
      const kind = kinds[(id + worker) % kinds.length] ?? 'valid';
      const session = sessionName(id % sessions);
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'x-mock-session': session,
      };
      if (kind !== 'unauthorized') headers.authorization = 'Bearer soak';
      const body =
        kind === 'invalid'
          ? JSON.stringify({ id: String(id) })
          : JSON.stringify({ id, name: `Plant ${id}${padding}` });
      counts.sent++;
      // Kept for the per-session check only: with a million sessions it would be the soak's own bloat.
      if (sessions <= 1_000) sentPerSession.set(session, (sentPerSession.get(session) ?? 0) + 1);
      const begun = performance.now();
      try {
        const answer = await send('POST', '/plants', headers, body);
        latencies.push(performance.now() - begun);
        counts.answered++;
        if (answer.status !== expectedStatus[kind]) {
          counts.unexpected++;
          if (failures.length < 5) failures.push(`${kind} ${id}: ${answer.status} ${answer.text}`);
        }
      } catch (error) {
        counts.errors++;
        if (failures.length < 5) failures.push(`${kind} ${id}: ${(error as Error).message}`);
      }
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
clearInterval(sampler);
clearInterval(printer);
sampleRss();

interface Listing {
  meta: { total: number; dropped: number };
}
interface Health {
  sessions?: { live: number; limit: number; evicted: number };
  events?: { clients: number; limit: number; dropped: number };
}
interface Coverage {
  operations: { responses: Record<string, number> }[];
}
const admin = async <T>(path: string, session: string): Promise<T> =>
  JSON.parse((await send('GET', `/__admin${path}`, { 'x-mock-session': session })).text) as T;
const journal = await admin<Listing>('/requests?limit=1', '*');
const health = await admin<Health>('/health', '*');
// An evicted session's coverage and drop count are forgotten (--session-limit): the per-session
// checks hold only without evictions, and are skipped past 1,000 sessions (one request each).
const evicted = health.sessions?.evicted ?? 0;
const perSession = evicted === 0 && sessions <= 1_000;
const coverage = await admin<Coverage>('/coverage', '*');
const covered = coverage.operations.reduce(
  (sum, op) => sum + Object.values(op.responses).reduce((a, b) => a + b, 0),
  0,
);
let sessionsAgree = true;
for (const [session, sent] of perSession ? sentPerSession : []) {
  const listing = await admin<Listing>('/requests?limit=1', session);
  if (listing.meta.total + listing.meta.dropped !== sent) sessionsAgree = false;
}

for (const stream of stalled) stream.socket.destroy();
const accepted = streamStatuses.get(200) ?? 0;
const eventLimit = health.events?.limit ?? 0;

server.kill('SIGTERM');
const [exitCode] = (await once(server, 'exit')) as [number | null];
agent.destroy();

latencies.sort((a, b) => a - b);
const percentile = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
// Warm-up is the first half: by then the journal (10,000 entries) and the store (100,000 plants)
// are full at this load, and from then on memory must stay flat.
const warm = rssSamples.filter((s) => s.at - started > (deadline - started) * 0.5);
const warmRss = warm.map((s) => s.rss);
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const rssGrowth =
  warmRss.length > 1 ? ((warmRss.at(-1) ?? 0) - (warmRss[0] ?? 0)) / (warmRss[0] ?? 1) : 0;

const checks: [string, boolean][] = [
  ['no connection errors', counts.errors === 0],
  ['every answer had the expected status', counts.unexpected === 0],
  [
    'journal entries + dropped = requests sent',
    journal.meta.total + journal.meta.dropped === counts.sent,
  ],
  ['the same, in each of the sessions', sessionsAgree],
  [
    'coverage counts = requests sent',
    evicted > 0 ? covered <= counts.sent : covered === counts.sent,
  ],
  ['RSS after warm-up grew less than 15 %', rssGrowth < 0.15],
  [
    'event streams: at most the limit taken, the rest refused with 503',
    accepted <= eventLimit && accepted + (streamStatuses.get(503) ?? 0) === eventClients,
  ],
  ['exit code 0 after SIGTERM', exitCode === 0],
];

console.log(`soak: ${seconds} s, ${connections} connections, ${sessions} sessions, mock at ${url}`);
console.log(
  `requests sent ${counts.sent}, answered ${counts.answered}, ${(counts.answered / elapsed).toFixed(0)} req/s`,
);
console.log(
  `latency ms: p50 ${percentile(50).toFixed(2)}, p99 ${percentile(99).toFixed(2)}, max ${(latencies.at(-1) ?? 0).toFixed(2)}`,
);
console.log(
  `journal: ${journal.meta.total} kept + ${journal.meta.dropped} dropped; coverage counted ${covered}`,
);
console.log(
  `sessions: ${Math.min(sessions, counts.sent)} used, ${health.sessions?.live ?? '?'} live, ${evicted} evicted${perSession ? '' : ' (per-session checks skipped)'}; bodies ${bodyBytes} B of padding, session names ${sessionNameBytes} B`,
);
console.log(
  `RSS MiB: start ${mib(rssSamples[0]?.rss ?? 0)}, after warm-up ${mib(warmRss[0] ?? 0)} -> end ${mib(warmRss.at(-1) ?? 0)} (peak ${mib(Math.max(...rssSamples.map((s) => s.rss)))}), growth ${(rssGrowth * 100).toFixed(1)} %`,
);
if (eventClients > 0) {
  console.log(
    `event streams that never read: ${eventClients} opened, ${accepted} taken (limit ${eventLimit}), ${streamStatuses.get(503) ?? 0} refused with 503, ${health.events?.dropped ?? 0} dropped for lagging`,
  );
}
for (const [name, ok] of checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
for (const failure of failures) console.log(`  e.g. ${failure}`);
process.exit(checks.every(([, ok]) => ok) ? 0 : 1);
