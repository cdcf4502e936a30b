// The throughput targets alone, quickly: valid creates at 10 connections on bare node:http and
// this server in each mode (as built, logging at info), in alternation for several rounds, with
// each mode as a ratio of the bare server's, then the latency cell (the same creates at `--rate`
// a second, evenly spaced, default 1000; 0 skips it), where p99 is judged. `--compare DIR` adds
// another checkout's built servers in the same modes as `before` rows: an A/B in one run.
//   npm run bench:throughput -- [--seconds 3] [--rounds 5] [--connections 10] [--rate 1000] [--compare DIR]
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildDist } from './build-dist.ts';
import { cellCounts, cellFlags } from './cell-flags.ts';
import { bareHttpServer, plantStoreMock } from './contenders.ts';
import { formatTable } from './format-table.ts';
import { measureServers } from './measure-servers.ts';
import { validCreate } from './request-kinds.ts';
import { killAllServers } from './spawn-server.ts';
import { throughputTargets } from './throughput-targets.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({
  options: {
    ...cellFlags('3', '5'),
    compare: { type: 'string' },
    modes: { type: 'string' },
    rate: { type: 'string', default: '1000' },
  },
});
const { seconds, rounds, connections } = cellCounts(values);
const rate = Math.min(20_000, Math.max(0, Number(values.rate) || 0));
const modes = (values.modes ?? 'stateful,static,dynamic').split(',') as (
  'stateful' | 'static' | 'dynamic'
)[];
process.once('exit', killAllServers);

buildDist(root);
const compare = values.compare?.replace(/\/$/, '');
const before =
  compare === undefined ? [] : modes.map((mode) => plantStoreMock(mode, `${compare}/`, 'before'));
const contenders = [
  bareHttpServer(root),
  ...modes.map((mode) => plantStoreMock(mode, root)),
  ...before,
];
const servers = await measureServers(
  contenders,
  {
    kinds: [validCreate],
    connections: [connections],
    rounds,
    length: { durationSec: seconds },
    warmupPerKind: { durationSec: 2 },
    ...(rate === 0 ? {} : { latency: { rate, durationSec: seconds } }),
  },
  (message) => process.stderr.write(`[throughput] ${message}\n`),
);
const lines = [
  formatTable(servers),
  '',
  `medians of ${rounds} rounds of ${seconds} s, ${connections} connections, the servers in alternation`,
  rate === 0
    ? 'no latency cell (--rate 0)'
    : `latency cell: 10 connections at ${rate}/s, evenly spaced`,
  ...throughputTargets(servers, 'plant-store-mock'),
  ...throughputTargets(servers, 'before'),
];
process.stdout.write(`${lines.join('\n')}\n`);
