import { afterEach, expect, it } from 'vitest';
import { memoryBound } from '../../src/config/memory-model.ts';
import { killLeftoverClis, startCli } from '../support/launch-cli.ts';
import { rssOf } from '../support/rss-of.ts';

afterEach(killLeftoverClis);

const mib = 1024 * 1024;
// Scaled-down limits, so that a bounded run fills every one of them many times over.
const limits = {
  journalLimit: 200,
  storeLimit: 1_000,
  storeSizeChars: 16 * 1024 * 1024,
  sessionLimit: 1_000,
  stubLimit: 100,
  sessionStubLimit: 10,
  stubSizeBytes: 16 * 1024,
  eventClientLimit: 64,
  recordFile: undefined,
};
// What V8 may hold in garbage not yet collected and in heap it keeps for reuse, over the bound.
const collectorSlack = 32 * mib;

it.runIf(process.platform === 'linux')(
  'holds RSS under the stated worst case of its limits with many sessions, long names and big stubs',
  async () => {
    const { cli, url } = await startCli([
      ...['--port', '0', '--host', '127.0.0.1'],
      ...['--journal-limit', '200', '--store-limit', '1000', '--session-limit', '1000'],
      ...['--stub-limit', '100', '--session-stub-limit', '10', '--stub-size-limit', '16kb'],
    ]);
    const pid = cli.child.pid as number;
    const post = async (path: string, session: string, body: unknown, token = true) => {
      const answer = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-mock-session': session,
          ...(token ? { authorization: 'Bearer t' } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      await answer.arrayBuffer();
    };
    const name = (kind: string, n: number, bytes: number) => `${kind}-${n}-`.padEnd(bytes, 'x');
    const smallStub = {
      pattern: { operationId: 'createPlant' },
      response: { status: 200, body: { name: 'x'.repeat(12_000) } },
    };
    const bigStub = {
      pattern: { operationId: 'createPlant' },
      response: { status: 200, body: { name: 'x'.repeat(300_000) } },
    };
    // Per session: a create, a refused create, a request named with 8 KB, and now and then stubs.
    async function session(n: number): Promise<void> {
      await post('/plants', name('s', n, 256), { id: n, name: 'Fern' });
      await post('/plants', name('u', n, 256), { id: n, name: 'Fern' }, false);
      await post('/plants', name('long', n, 8_192), { id: n, name: 'Fern' });
      if (n % 10 === 0) {
        await post('/__admin/stubs', name('stub', n, 64), smallStub);
        await post('/__admin/stubs', name('big', n, 64), bigStub);
      }
    }
    async function run(from: number, to: number): Promise<void> {
      let next = from;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < to) await session(next++);
        }),
      );
    }
    await run(0, 200); // loads the admin API, warms the code up
    const baseline = rssOf(pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 100);
    const deadline = performance.now() + 60_000;
    for (let from = 200; from < 3_200 && performance.now() < deadline; from += 200) {
      await run(from, from + 200);
    }
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(pid));
    const bound = memoryBound(limits).total;
    console.log(
      `RSS ${(baseline / mib).toFixed(1)} MiB after warm-up, peak ${(peak / mib).toFixed(1)} MiB; stated worst case ${(bound / mib).toFixed(1)} MiB + ${collectorSlack / mib} MiB slack`,
    );
    expect(peak - baseline).toBeLessThan(bound + collectorSlack);
  },
  120_000,
);
