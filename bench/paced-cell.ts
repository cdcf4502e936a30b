import { Pool } from 'undici';
import { percentile, round, type CellResult, type UnexpectedSample } from './load-cell.ts';
import type { RequestKind } from './request-kinds.ts';
import { sampleRss } from './sample-rss.ts';

/** How often the pacer looks for requests that are due, ms. */
const tickMs = 1;

/**
 * Sends `rate` requests a second of one kind, evenly spaced, over `connections` keep-alive
 * connections for `durationSec`, and measures each one's latency from the moment it was sent
 * (waiting for a free connection included, so a server that falls behind shows it). Autocannon's
 * own rate (`overallRate`) is no use for this: each connection sends its quota of the second back
 * to back, then waits, so its latencies are those of a burst at full speed.
 *
 * @example
 * const cell = await pacedCell({ url, pid, kind: validCreate, connections: 10, rate: 1000, durationSec: 2 });
 * cell.p99Ms; // e.g. 0.9
 */
export async function pacedCell(options: {
  url: string;
  pid: number;
  kind: RequestKind;
  connections: number;
  rate: number;
  durationSec: number;
}): Promise<CellResult> {
  const { kind, connections, rate } = options;
  const pool = new Pool(options.url, { connections, pipelining: 1 });
  const latencies: number[] = [];
  const statusCounts: Record<string, number> = {};
  const unexpectedSamples: UnexpectedSample[] = [];
  let errors = 0;
  const total = Math.max(1, Math.round(rate * options.durationSec));
  const sampler = sampleRss(options.pid, 100);
  const startedAt = performance.now();
  let lastResponseAt = startedAt;

  async function send(): Promise<void> {
    const sentAt = performance.now();
    const body = typeof kind.body === 'string' ? kind.body : kind.body();
    try {
      const answer = await pool.request({
        method: 'POST',
        path: '/plants',
        headers: kind.headers,
        body,
      });
      const text = await answer.body.text();
      lastResponseAt = performance.now();
      latencies.push(lastResponseAt - sentAt);
      const status = answer.statusCode;
      statusCounts[status] = (statusCounts[status] ?? 0) + 1;
      if (!kind.expectedStatus(status) && unexpectedSamples.length < 3) {
        unexpectedSamples.push({ status, requestBody: body, responseBody: text.slice(0, 1_000) });
      }
    } catch {
      errors++;
    }
  }

  const inFlight: Promise<void>[] = [];
  await new Promise<void>((resolve) => {
    let sent = 0;
    const tick = (): void => {
      const due = Math.min(total, Math.floor(((performance.now() - startedAt) * rate) / 1000) + 1);
      for (; sent < due; sent++) inFlight.push(send());
      if (sent < total) setTimeout(tick, tickMs);
      else resolve();
    };
    tick();
  });
  await Promise.all(inFlight);
  await pool.close();
  const peakRssMb = await sampler.stop();
  const elapsedSec = Math.max(lastResponseAt - startedAt, 1) / 1000;
  let unexpectedStatus = 0;
  for (const [status, count] of Object.entries(statusCounts)) {
    if (!kind.expectedStatus(Number(status))) unexpectedStatus += count;
  }
  latencies.sort((a, b) => a - b);
  return {
    kind: kind.name,
    connections,
    offeredRate: rate,
    responses: latencies.length,
    elapsedSec: round(elapsedSec, 3),
    rps: round(latencies.length / elapsedSec, 0),
    autocannonRpsMean: 0,
    p50Ms: round(percentile(latencies, 50), 3),
    p99Ms: round(percentile(latencies, 99), 3),
    meanMs: round(latencies.reduce((sum, ms) => sum + ms, 0) / Math.max(1, latencies.length), 3),
    errors,
    timeouts: 0,
    statusCounts,
    unexpectedStatus,
    unexpected: errors + unexpectedStatus,
    unexpectedSamples,
    peakRssMb,
  };
}
