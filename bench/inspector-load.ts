// The mock's throughput with the inspector open, against without: valid creates from 10
// connections as fast as the mock answers, in alternating cells, with no client on
// GET /__admin/events, then with one; then the same at a steady 2,000 requests/s, where the page
// must stay responsive. The client is a plain SSE reader in a process of its own (`--client sse`), the
// page in Debian's Chromium (`--client page`, which reads summaries at most 500 a second), or both
// in turn (the default); `--client summaries` is the plain reader on `?fields=summary`.
//   node bench/inspector-load.ts                       2 rounds of 10 s cells
//   node bench/inspector-load.ts --seconds 3 --rounds 1 --client sse
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createEventHub } from '../src/observe/event-hub.ts';
import type { RecordedEntry } from '../src/observe/record-interactions.ts';
import { buildDist } from './build-dist.ts';
import { cellCounts, cellFlags } from './cell-flags.ts';
import { createsCell } from './creates-cell.ts';
import { plantStoreMock } from './contenders.ts';
import type { CellResult } from './load-cell.ts';
import { chromiumPath, openPage, openSse } from './open-inspector.ts';
import { killAllServers, startServer } from './spawn-server.ts';

const { values } = parseArgs({
  options: {
    ...cellFlags('10', '2'),
    rate: { type: 'string', default: '2000' },
    client: { type: 'string', default: 'both' },
  },
});
const { seconds, rounds, connections } = cellCounts(values);
const rate = Math.min(50_000, Math.max(100, Number(values.rate)));
const clients = values.client === 'both' ? ['sse', 'page'] : [values.client];
/** A cell, and the server's CPU time per 1,000 answers during it. */
interface Measured {
  cell: CellResult;
  cpuPerThousandMs: number;
}

/**
 * The event hub alone, in this process: CPU per entry of a valid create's journal text, batched
 * as under load (400 entries every 51 ms) and read by one client (whose reading is counted too).
 */
async function hubCost(summary: boolean): Promise<number> {
  const text = `{"id":"1","receivedAt":"2026-11-23T12:00:00.000Z","durationMs":0.9,"session":"default","operationId":"createPlant","request":{"method":"POST","path":"/plants","query":{},"headers":{"host":"127.0.0.1:4010","connection":"keep-alive","authorization":"Bearer","content-type":"application/json","user-agent":"autocannon","content-length":"47"},"body":{"id":1,"name":"Monstera","tag":"tropical"}},"response":{"status":200,"headers":{"x-content-type-options":"nosniff","content-type":"application/json","content-length":"36"},"body":{"name":"Monstera","tag":"tropical"}},"source":"stateful","contract":{"hash":"ac255d3cb397","request":{"valid":true,"violations":[]},"response":{"valid":true,"violations":[]}}}`;
  const hub = createEventHub();
  const http = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(': open\n\n');
    hub.subscribe('*', res, { summary });
  });
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const client = request({ port: (http.address() as AddressInfo).port, host: '127.0.0.1' });
  client.end();
  const [response] = (await once(client, 'response')) as [IncomingMessage];
  response.resume();
  const entries = 100_000;
  const entry: RecordedEntry = {
    id: '1',
    session: 'default',
    text,
    head: text.slice(0, text.indexOf(',"request":')),
    method: 'POST',
    path: '/plants',
    status: 200,
    tail: text.slice(text.indexOf('"source":'), -1),
  };
  const before = process.cpuUsage();
  for (let sent = 0; sent < entries; sent += 400) {
    for (let i = 0; i < 400; i++) hub.publish(entry);
    await new Promise((resolve) => setTimeout(resolve, 51));
  }
  const used = process.cpuUsage(before);
  hub.closeAll();
  http.closeAllConnections();
  http.close();
  return (used.user + used.system) / entries;
}

const root = fileURLToPath(new URL('..', import.meta.url));
process.on('exit', killAllServers);
console.log(
  `the event hub alone: ${(await hubCost(false)).toFixed(1)} µs CPU per entry, ${(await hubCost(true)).toFixed(1)} µs per summary (its reader included)`,
);
buildDist(root);
execFileSync(process.execPath, ['scripts/build-inspector.ts'], { cwd: root, stdio: 'inherit' });

const median = (list: number[]): number => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
const whole = (value: number): string => String(Math.round(value));

console.log(
  `valid creates, ${String(connections)} connections, ${String(rounds)} round(s) of ${String(seconds)} s cells, mock from dist/ (info log to a drained pipe)`,
);
for (const client of clients) {
  if (client === 'page' && !existsSync(chromiumPath)) {
    console.log(`page: skipped, ${chromiumPath} is missing (apt-get install -y chromium)`);
    continue;
  }
  const labels: Record<string, string> = {
    page: 'the inspector page in Chromium',
    sse: 'one SSE client',
    summaries: 'one SSE client of summaries',
  };
  const label = labels[client] ?? 'one SSE client';
  const server = await startServer(await plantStoreMock('stateful', root).launch());
  const cell = async (offered?: number): Promise<Measured> => {
    const { cell: result, cpuMs: cpu } = await createsCell(server, {
      connections,
      seconds,
      ...(offered === undefined ? {} : { rate: offered }),
    });
    return { cell: result, cpuPerThousandMs: (cpu * 1000) / Math.max(1, result.responses) };
  };
  try {
    // A warm-up: the first seconds of a fresh process are slower.
    await createsCell(server, { connections, seconds: 2 });
    for (const offered of [undefined, rate]) {
      const without: Measured[] = [];
      const withClient: Measured[] = [];
      let notes = '';
      for (let round = 0; round < rounds; round++) {
        without.push(await cell(offered));
        const open =
          client === 'page'
            ? await openPage(server)
            : await openSse(server, client === 'summaries');
        const clientBefore = await open.cpuMs();
        const result = await cell(offered);
        const clientCpu = (await open.cpuMs()) - clientBefore;
        withClient.push(result);
        await new Promise((resolve) => setTimeout(resolve, 500)); // the last events arrive
        const received = await open.received();
        notes = `${whole(received)} entries shown of ${whole(result.cell.responses)}`;
        if (client === 'page') notes += ' (the page keeps 10,000)';
        notes += `; the client's own CPU ${whole(clientCpu / result.cell.elapsedSec)} ms a second`;
        const responsive = await open.responsiveness?.();
        if (responsive !== undefined) {
          notes += `; page: longest task ${whole(responsive.longestTaskMs)} ms, click to detail ${whole(responsive.clickToDetailMs)} ms`;
        }
        await open.close();
      }
      const rps = (cells: Measured[]) => median(cells.map((c) => c.cell.rps));
      const p99 = (cells: Measured[]) => median(cells.map((c) => c.cell.p99Ms));
      const cpu = (cells: Measured[]) => median(cells.map((c) => c.cpuPerThousandMs));
      const side = (cells: Measured[]) =>
        `${whole(rps(cells))} req/s, p99 ${p99(cells).toFixed(1)} ms, ${cpu(cells).toFixed(0)} ms CPU per 1,000`;
      // At a fixed rate both sides serve what is offered: what differs is latency and CPU.
      const ratio =
        offered === undefined
          ? `throughput ${(rps(withClient) / rps(without)).toFixed(2)}x`
          : `served ${whole(rps(withClient))} of ${whole(offered)} offered`;
      console.log(
        `${label}, ${offered === undefined ? 'as fast as it goes' : `${whole(offered)} req/s offered`}: without ${side(without)}; with ${side(withClient)}: ${ratio}, mock CPU per request ${(cpu(withClient) / cpu(without)).toFixed(2)}x`,
      );
      console.log(
        `  cells without: ${without.map((c) => whole(c.cell.rps)).join(', ')}; with: ${withClient.map((c) => whole(c.cell.rps)).join(', ')}; ${notes}`,
      );
    }
  } finally {
    await server.stop();
  }
}
