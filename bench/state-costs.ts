// What per-session state and stubs cost: matching p50 with many unrelated stubs, and the first
// request of a new session with a large --fixtures file. Prints figures; checks nothing.
//   node bench/state-costs.ts          STUBS=20000 FIXTURES=50000 SESSIONS=500
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockServer, type MockServerOptions } from '../src/index.ts';

const stubCount = Number(process.env.STUBS ?? 20_000);
const fixtureCount = Number(process.env.FIXTURES ?? 50_000);
const sessionCount = Number(process.env.SESSIONS ?? 500);
const rounds = 2_000;
const headers = { 'content-type': 'application/json', authorization: 'Bearer bench' };

// Options an older build does not know are left out, so the same script measures before and after.
async function start(options: MockServerOptions, raised: MockServerOptions) {
  try {
    return await startMockServer({ ...base, ...options, ...raised });
  } catch {
    return startMockServer({ ...base, ...options });
  }
}
const base: MockServerOptions = { port: 0, host: '127.0.0.1', logLevel: 'silent' };

async function post(url: string, session: string, body: string): Promise<number> {
  const started = performance.now();
  const answer = await fetch(`${url}/plants`, {
    method: 'POST',
    headers: { ...headers, 'x-mock-session': session },
    body,
  });
  await answer.arrayBuffer();
  return performance.now() - started;
}

const p50 = (times: number[]): string =>
  (times.sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0).toFixed(3);

async function matchingP50(stubs: number): Promise<string> {
  const mock = await start({}, { stubLimit: stubs + 1, sessionStubLimit: stubs + 1 });
  const register = (definition: object) =>
    fetch(`${mock.adminUrl}/stubs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-mock-session': 'bench' },
      body: JSON.stringify(definition),
    }).then((answer) => answer.arrayBuffer());
  // The one stub that answers is the oldest: a scan in match order passes every other stub first.
  await register({
    pattern: { operationId: 'createPlant' },
    response: { status: 200, body: { name: 'Fern' } },
  });
  for (let i = 1; i < stubs; i++) {
    await register({
      pattern: { method: 'GET', path: `/elsewhere/${i}` },
      response: { status: 200, body: {} },
      allowContractViolation: true,
    });
  }
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) times.push(await post(mock.url, 'bench', '{"name":"Fern"}'));
  await mock.close();
  return p50(times);
}

async function firstRequestCost(): Promise<{ p50: string; rssPerSessionKb: string }> {
  const folder = mkdtempSync(join(tmpdir(), 'state-costs-'));
  const fixtures = join(folder, 'plants.json');
  writeFileSync(
    fixtures,
    JSON.stringify(Array.from({ length: fixtureCount }, (_, i) => ({ id: i + 1, name: 'Fern' }))),
  );
  const mock = await start({ fixtures }, {});
  await post(mock.url, 'warm-up', `{"id":${fixtureCount + 1},"name":"Fern"}`);
  const rssBefore = process.memoryUsage().rss;
  const times: number[] = [];
  for (let s = 0; s < sessionCount; s++) {
    times.push(await post(mock.url, `session-${s}`, `{"id":${fixtureCount + 1},"name":"Fern"}`));
  }
  const grown = process.memoryUsage().rss - rssBefore;
  await mock.close();
  return { p50: p50(times), rssPerSessionKb: (grown / sessionCount / 1024).toFixed(1) };
}

console.log(`stub matching, p50 of ${rounds} POST /plants answered by a stub:`);
console.log(`  1 stub: ${await matchingP50(1)} ms`);
console.log(
  `  ${stubCount} stubs (all but one for other paths): ${await matchingP50(stubCount)} ms`,
);
const first = await firstRequestCost();
console.log(
  `first request of a new session with ${fixtureCount} fixtures, over ${sessionCount} sessions: p50 ${first.p50} ms, RSS growth ${first.rssPerSessionKb} KiB per session`,
);
