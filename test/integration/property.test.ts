import fc from 'fast-check';
import type { RunningMockServer } from 'plant-store-mock';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { admin } from '../support/admin-fetch.ts';
import { schemaErrors } from '../support/contract-schemas.ts';
import {
  generatedRequest,
  preflightOrigin,
  type GeneratedRequest,
} from '../support/generated-request.ts';
import { startTestServer } from '../support/mock-fetch.ts';

// Generated requests per run; PROPERTY_RUNS raises the count, never lowers it below 2,000.
const runs = Math.max(2_000, Number(process.env.PROPERTY_RUNS) || 0);
const modes = ['stateful', 'static', 'dynamic'] as const;
const answerBoundMs = 2_000;
const errorStatuses = new Set([400, 401, 404, 405, 413, 415]);
// Room for every request of the run and of fast-check's shrinking, so the journal drops none.
const journalLimit = Math.min(1_000_000, runs * 5 + 1_000);

/** What one generated request got, keyed by the unique `x-request-no` header it carried. */
interface Sent {
  server: number;
  requestNo: string;
  /** -1 when no answer arrived (refused connection, timeout). */
  status: number;
  /** An OPTIONS answered 204 by the CORS middleware, before the journal sees the request. */
  answeredByCors: boolean;
}

interface JournalEntry {
  operationId: string | null;
  request: { headers: Record<string, string> };
  response: { status: number };
}

const sent: Sent[] = [];
let servers: RunningMockServer[] = [];
let nextRequestNo = 1;

beforeAll(async () => {
  servers = await Promise.all(
    modes.map((mode) => startTestServer({ mode, maxBody: '1kb', journalLimit })),
  );
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

function serverAt(index: number): RunningMockServer {
  const server = servers[index];
  if (server === undefined) throw new Error(`No server ${index} was started.`);
  return server;
}

async function sendGenerated(request: GeneratedRequest) {
  const server = serverAt(request.server);
  const requestNo = String(nextRequestNo++);
  // Concatenated, not resolved: a target such as `//plants` must stay a path, not become a host.
  const url = `${server.url}${request.target}`;
  const record: Sent = { server: request.server, requestNo, status: -1, answeredByCors: false };
  sent.push(record);
  const response = await fetch(url, {
    method: request.method,
    headers: { ...request.headers, 'x-request-no': requestNo },
    ...(request.body === undefined ? {} : { body: request.body }),
    signal: AbortSignal.timeout(answerBoundMs),
  });
  const text = await response.text();
  record.status = response.status;
  record.answeredByCors = request.method === 'OPTIONS' && response.status === 204;
  return { response, text, pathname: new URL(url).pathname };
}

function checkAnswer(
  request: GeneratedRequest,
  { response, text, pathname }: Awaited<ReturnType<typeof sendGenerated>>,
): void {
  const { status } = response;
  const what = `${request.method} ${request.target} answered ${status}: ${text.slice(0, 300)}`;
  expect(status, what).toBeLessThan(500);
  if (request.method === 'OPTIONS' && (request.preflight || status === 204)) {
    // CORS preflights (and, with the cors middleware, any OPTIONS) are not contract routes.
    expect(status, what).toBe(204);
    expect(text, what).toBe('');
    if (request.preflight) {
      expect(response.headers.get('access-control-allow-origin'), what).toBe(preflightOrigin);
    }
    return;
  }
  expect(status === 200 || errorStatuses.has(status), `unexpected status: ${what}`).toBe(true);
  if (status === 200) {
    expect(request.method, `only a create may succeed: ${what}`).toBe('POST');
    expect(['/plants', '/plants/'], `only /plants may succeed: ${what}`).toContain(pathname);
  }
  if (status === 401) expect(response.headers.get('www-authenticate'), what).toMatch(/^Bearer\b/);
  if (status === 405) expect(response.headers.get('allow'), what).toBe('POST');
  if (request.method === 'HEAD') {
    expect(text, what).toBe('');
    return;
  }
  expect(response.headers.get('content-type'), what).toMatch(/^application\/json\b/);
  let body: unknown;
  expect(() => {
    body = JSON.parse(text) as unknown;
  }, `the body is not JSON: ${what}`).not.toThrow();
  if (status === 200) {
    expect(schemaErrors('Plant', body), what).toEqual([]);
  } else {
    expect(schemaErrors('Error', body), what).toEqual([]);
    expect((body as { error: unknown }).error, what).toBe(status);
  }
}

async function journalOf(server: RunningMockServer) {
  const answer = await admin(server, `/requests?limit=${journalLimit}`, { session: '*' });
  expect(answer.status).toBe(200);
  return answer.body as { requests: JournalEntry[]; meta: { total: number; dropped: number } };
}

it(
  `answers ${runs} generated requests within ${answerBoundMs} ms, none with a 5xx, each body shaped as the contract says`,
  async () => {
    await fc.assert(
      fc.asyncProperty(generatedRequest, async (request) => {
        checkAnswer(request, await sendGenerated(request));
      }),
      { numRuns: runs },
    );
    // Every mode took its share of the requests.
    for (const index of modes.keys()) {
      expect(sent.filter((s) => s.server === index).length).toBeGreaterThan(runs / 10);
    }
  },
  120_000 + runs * 50,
);

it('journals each request exactly once with the status the client saw, and no CORS preflight', async () => {
  expect(sent.length).toBeGreaterThan(0);
  for (const [index, server] of servers.entries()) {
    const { requests, meta } = await journalOf(server);
    expect(meta.dropped).toBe(0);
    const recorded = new Map<string, JournalEntry[]>();
    for (const entry of requests) {
      const requestNo = entry.request.headers['x-request-no'] ?? '(none)';
      recorded.set(requestNo, [...(recorded.get(requestNo) ?? []), entry]);
    }
    const mine = sent.filter((s) => s.server === index);
    const problems: string[] = [];
    for (const s of mine) {
      const entries = recorded.get(s.requestNo) ?? [];
      recorded.delete(s.requestNo);
      const expected = s.answeredByCors ? 0 : 1;
      if (entries.length !== expected) {
        problems.push(`request ${s.requestNo} (status ${s.status}): ${entries.length} entries`);
      } else if (expected === 1 && s.status !== -1 && entries[0]?.response.status !== s.status) {
        problems.push(
          `request ${s.requestNo}: answered ${s.status}, journaled ${String(entries[0]?.response.status)}`,
        );
      }
    }
    for (const [requestNo, entries] of recorded) {
      problems.push(`entry for a request never sent: ${requestNo} (${entries.length} entries)`);
    }
    expect(problems, `${modes[index] ?? index} server`).toEqual([]);
    expect(meta.total).toBe(mine.filter((s) => !s.answeredByCors).length);
  }
});

it('counts in the coverage every journaled answer of a contract operation', async () => {
  for (const [index, server] of servers.entries()) {
    const { requests } = await journalOf(server);
    const answered = requests.filter((e) => e.operationId !== null && e.response.status !== 0);
    const coverage = await admin(server, '/coverage', { session: '*' });
    expect(coverage.status).toBe(200);
    const { operations } = coverage.body as {
      operations: { operationId: string; responses: Record<string, number> }[];
    };
    const counted = operations.reduce(
      (sum, operation) =>
        sum + Object.values(operation.responses).reduce((total, count) => total + count, 0),
      0,
    );
    expect(counted, `${modes[index] ?? index} server`).toBe(answered.length);
    expect(answered.length).toBeGreaterThan(0);
  }
});
