import autocannon, { type Request, type RequestContext } from 'autocannon';
import type { RequestKind } from './request-kinds.ts';
import { sampleRss } from './sample-rss.ts';

/** How long a cell loads: for `durationSec` seconds, or until `amount` requests are answered. */
export type CellLength = { durationSec: number } | { amount: number };

/** One unexpected answer, kept to show what went wrong. */
export interface UnexpectedSample {
  status: number;
  requestBody: string;
  responseBody: string;
}

/** The figures of one (server, request kind, connections) cell. */
export interface CellResult {
  kind: RequestKind['name'];
  connections: number;
  /** Requests a second the cell offered, evenly spaced (see pacedCell); none: as fast as it goes. */
  offeredRate?: number;
  responses: number;
  /** From the start of the load to its last response. */
  elapsedSec: number;
  /** Responses per second over the whole cell. */
  rps: number;
  /** Autocannon's own mean of its per-second samples (0 when the cell is under a second). */
  autocannonRpsMean: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  /** Connection errors, timeouts included (autocannon counts them in both). */
  errors: number;
  timeouts: number;
  statusCounts: Record<string, number>;
  /** Answers whose status is not the kind's expected one. */
  unexpectedStatus: number;
  /** errors + unexpectedStatus: anything a healthy server should not produce. */
  unexpected: number;
  unexpectedSamples: UnexpectedSample[];
  /** Highest VmRSS of the server sampled every 100 ms during the cell, MiB. */
  peakRssMb: number | null;
  /** The server's CPU time (user + system) per response, µs: what a request costs it, load aside. */
  cpuUsPerResponse?: number;
}

const keptSamples = 3;

/**
 * Loads `url` with one kind of POST /plants from `connections` keep-alive connections and
 * measures it, sampling the server's RSS meanwhile. Latencies are kept at full precision here
 * (autocannon's own histogram rounds to whole milliseconds).
 *
 * @example
 * const cell = await loadCell({ url, pid, kind: requestKinds[0], connections: 10, length: { amount: 300 } });
 */
export async function loadCell(options: {
  url: string;
  pid: number;
  kind: RequestKind;
  connections: number;
  length: CellLength;
  /** Requests per second to offer, over all connections; as fast as the server goes without. */
  rate?: number;
}): Promise<CellResult> {
  const { kind, connections } = options;
  const unexpectedSamples: UnexpectedSample[] = [];
  const makeBody = kind.body;
  const request: Request = {
    method: 'POST',
    path: '/plants',
    headers: kind.headers,
    body: typeof makeBody === 'string' ? makeBody : makeBody(),
    onResponse(status, body, context) {
      if (kind.expectedStatus(status) || unexpectedSamples.length >= keptSamples) return;
      const sent = context.body;
      unexpectedSamples.push({
        status,
        requestBody: typeof sent === 'string' ? sent : String(request.body),
        responseBody: body.slice(0, 1_000),
      });
    },
  };
  if (typeof makeBody !== 'string') {
    request.setupRequest = (params, context: RequestContext) => {
      const body = makeBody();
      context.body = body;
      return { ...params, body };
    };
  }
  const latencies: number[] = [];
  const sampler = sampleRss(options.pid, 100);
  const startedAt = performance.now();
  const instance = autocannon({
    url: options.url,
    connections,
    ...('amount' in options.length
      ? { amount: options.length.amount }
      : { duration: options.length.durationSec }),
    timeout: 10,
    ...(options.rate === undefined ? {} : { overallRate: options.rate }),
    requests: [request],
  });
  // Autocannon notices the end of an `amount` only at its next once-a-second sample, so the cell's
  // time runs to the last response rather than to when the promise settles.
  let lastResponseAt = startedAt;
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
    latencies.push(ms);
    lastResponseAt = performance.now();
  });
  const result = await instance;
  const elapsedSec = Math.max(lastResponseAt - startedAt, 1) / 1000;
  const peakRssMb = await sampler.stop();

  const statusCounts: Record<string, number> = {};
  let unexpectedStatus = 0;
  for (const [status, { count }] of Object.entries(result.statusCodeStats)) {
    statusCounts[status] = count;
    if (!kind.expectedStatus(Number(status))) unexpectedStatus += count;
  }
  latencies.sort((a, b) => a - b);
  return {
    kind: kind.name,
    connections,
    responses: latencies.length,
    elapsedSec: round(elapsedSec, 3),
    rps: round(latencies.length / elapsedSec, 0),
    autocannonRpsMean: round(result.requests.mean, 0),
    p50Ms: round(percentile(latencies, 50), 3),
    p99Ms: round(percentile(latencies, 99), 3),
    meanMs: round(latencies.reduce((sum, ms) => sum + ms, 0) / Math.max(1, latencies.length), 3),
    errors: result.errors,
    timeouts: result.timeouts,
    statusCounts,
    unexpectedStatus,
    unexpected: result.errors + unexpectedStatus,
    unexpectedSamples,
    peakRssMb,
  };
}

/** Nearest-rank percentile of sorted values; 0 when there are none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? 0;
}

export function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
