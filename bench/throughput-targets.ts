import { bareName } from './format-table.ts';
import type { ServerRecord } from './measure-servers.ts';

/** Issue 29's throughput targets for valid creates at 10 connections, by mode. */
const minimumVsBare = { stateful: 0.6, static: 0.6, dynamic: 0.45 } as const;
const maximumP99Ms = 1;
const maximumPeakRssMb = 160;

/**
 * One line per mode of `label`'s servers against the throughput targets: valid creates at 10
 * connections as a ratio of the bare `node:http` server's, p99 and peak RSS, each with its bound
 * and whether it is met. Empty when the bare server was not measured.
 *
 * @example
 * throughputTargets(records, 'plant-store-mock'); // ['plant-store-mock stateful: 0.62x bare (>= 0.6, met), ...']
 */
export function throughputTargets(servers: readonly ServerRecord[], label: string): string[] {
  const validX10 = (server: ServerRecord | undefined) =>
    server?.cells.find((cell) => cell.kind === 'valid' && cell.connections === 10);
  const bare = validX10(servers.find((server) => server.name === bareName));
  if (bare === undefined || bare.rps === 0) return [];
  const met = (ok: boolean): string => (ok ? 'met' : 'MISSED');
  return Object.entries(minimumVsBare).flatMap(([mode, minimum]) => {
    const server = servers.find((candidate) => candidate.name === `${label} ${mode}`);
    const cell = validX10(server);
    if (server === undefined || cell === undefined) return [];
    const ratio = cell.rps / bare.rps;
    const rss = server.hwmMb;
    return [
      `${server.name}, valid creates x10: ${ratio.toFixed(2)}x bare (>= ${minimum}, ${met(ratio >= minimum)}), p99 ${cell.p99Ms.toFixed(2)} ms (<= ${maximumP99Ms}, ${met(cell.p99Ms <= maximumP99Ms)}), peak RSS ${rss ?? 'n/a'} MiB (<= ${maximumPeakRssMb}, ${met(rss !== null && rss <= maximumPeakRssMb)})`,
    ];
  });
}
