// What --upstream costs: the same valid creates sent straight to a Plant Store provider, and
// through the mock in front of it, in the same run, rounds interleaved so both see the same
// machine. The mock alone (no provider) is measured too, for scale.
//   npm run bench:proxy                          3 rounds of 3,000 creates, 10 connections
//   npm run bench:proxy -- --amount 1000 --rounds 1 --connections 4
import { parseArgs } from 'node:util';
import { findFreePort } from './find-free-port.ts';
import { loadCell, type CellResult } from './load-cell.ts';
import { validCreate } from './request-kinds.ts';
import { killAllServers, startServer, type BenchServer } from './spawn-server.ts';

const { values } = parseArgs({
  options: {
    amount: { type: 'string', default: '3000' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
  },
});
const amount = Number(values.amount);
const rounds = Number(values.rounds);
const connections = Number(values.connections);
const cwd = new URL('..', import.meta.url).pathname;
process.once('exit', killAllServers);

const providerPort = await findFreePort('127.0.0.1');
const providerUrl = `http://127.0.0.1:${providerPort}`;
const mockArgs = ['src/cli/main.ts', '--port', '0', '--log-level', 'info', '--log-format', 'json'];
const servers: BenchServer[] = [];
try {
  servers.push(
    await startServer({
      name: 'provider, direct',
      args: ['bench/plant-provider-server.ts', String(providerPort)],
      cwd,
      url: providerUrl,
    }),
  );
  servers.push(
    await startServer({
      name: 'through the mock (--upstream)',
      args: [...mockArgs, '--upstream', providerUrl],
      cwd,
    }),
  );
  servers.push(await startServer({ name: 'the mock alone (stateful)', args: mockArgs, cwd }));
  // A first short cell each: connections opened and code warmed up before anything is counted.
  for (const server of servers) await measure(server, Math.min(500, amount));
  const results = new Map<string, CellResult[]>(servers.map((server) => [server.name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const server of servers) results.get(server.name)?.push(await measure(server, amount));
  }
  printTable(results);
} finally {
  await Promise.all(servers.map((server) => server.stop()));
}

function measure(server: BenchServer, count: number): Promise<CellResult> {
  return loadCell({
    url: server.url,
    pid: server.pid,
    kind: validCreate,
    connections,
    length: { amount: count },
  });
}

function printTable(results: Map<string, CellResult[]>): void {
  const median = (values: number[]): number =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const rows = [...results].map(([name, cells]) => ({
    name,
    rps: median(cells.map((cell) => cell.rps)),
    p99: median(cells.map((cell) => cell.p99Ms)),
    unexpected: cells.reduce((sum, cell) => sum + cell.unexpected, 0),
  }));
  const direct = rows[0];
  console.log(
    `${rounds} rounds of ${amount} valid creates, ${connections} connections; medians of the rounds\n`,
  );
  console.log('| target | creates/s | p99 ms | vs direct | unexpected |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const row of rows) {
    const ratio = direct === undefined || direct.rps === 0 ? 0 : row.rps / direct.rps;
    console.log(
      `| ${row.name} | ${row.rps} | ${row.p99.toFixed(2)} | ${ratio.toFixed(2)}x | ${row.unexpected} |`,
    );
  }
}
