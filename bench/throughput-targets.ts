import { bareName, baselineName } from './format-table.ts';
import type { CellResult } from './load-cell.ts';
import type { ServerRecord } from './measure-servers.ts';

/** Issue 29's throughput targets for valid creates at 10 connections, by mode. */
const minimumVsBare = { stateful: 0.6, static: 0.6, dynamic: 0.45 } as const;
const maximumP99Ms = 1;
const maximumPeakRssMb = 160;
/** Issue 25's floor for stateful creates: against the Express + ajv baseline, and its p99. */
const floorVsBaseline = 0.7;
const floorP99Ms = 2;

/**
 * One line per mode of `label`'s servers against the throughput targets: valid creates at 10
 * connections as a ratio of the bare `node:http` server's (as fast as each goes), p99 in the
 * latency cell (the same creates at a fixed rate: at saturation, latency is queueing, bounded
 * below by connections / throughput), and peak RSS, each with its bound and whether it is met;
 * stateful also against issue 25's floor (Express + ajv). A p99 bound that the bare server misses
 * in its own latency cell is reported as not judgeable on this machine rather than as missed.
 * Empty when the bare server was not measured.
 *
 * @example
 * throughputTargets(records, 'plant-store-mock'); // ['plant-store-mock stateful, valid creates x10: 0.62x bare (>= 0.6, met), ...']
 */
export function throughputTargets(servers: readonly ServerRecord[], label: string): string[] {
  const byName = (name: string) => servers.find((server) => server.name === name);
  const bare = saturated(byName(bareName));
  if (bare === undefined || bare.rps === 0) return [];
  const baseline = saturated(byName(baselineName));
  const bareP99 = latencyCell(byName(bareName))?.p99Ms;
  const met = (ok: boolean): string => (ok ? 'met' : 'MISSED');
  // A bound the bare server misses in the same cell is one this machine cannot show.
  const p99Met = (p99: number, bound: number): string =>
    p99 <= bound || bareP99 === undefined || bareP99 <= bound
      ? met(p99 <= bound)
      : `not judgeable here: bare node:http's own p99 is ${bareP99.toFixed(2)} ms`;
  return Object.entries(minimumVsBare).flatMap(([mode, minimum]) => {
    const server = byName(`${label} ${mode}`);
    const cell = saturated(server);
    if (server === undefined || cell === undefined) return [];
    const ratio = cell.rps / bare.rps;
    const rss = server.hwmMb;
    const paced = latencyCell(server);
    const p99 =
      paced === undefined
        ? 'p99 not measured (no latency cell)'
        : `p99 ${paced.p99Ms.toFixed(2)} ms at ${paced.offeredRate}/s${keptUp(paced)} (<= ${maximumP99Ms}, ${p99Met(paced.p99Ms, maximumP99Ms)})`;
    const line = `${server.name}, valid creates x10: ${ratio.toFixed(2)}x bare (>= ${minimum}, ${met(ratio >= minimum)}), ${p99}, peak RSS ${rss ?? 'n/a'} MiB (<= ${maximumPeakRssMb}, ${met(rss !== null && rss <= maximumPeakRssMb)})`;
    if (mode !== 'stateful' || baseline === undefined || baseline.rps === 0) return [line];
    const vsBaseline = cell.rps / baseline.rps;
    const floorP99 =
      paced === undefined ? '' : `, p99 (<= ${floorP99Ms}, ${p99Met(paced.p99Ms, floorP99Ms)})`;
    return [
      line,
      `${server.name}, issue 25's floor: ${vsBaseline.toFixed(2)}x Express + ajv (>= ${floorVsBaseline}, ${met(vsBaseline >= floorVsBaseline)})${floorP99}`,
    ];
  });
}

/** Valid creates at 10 connections, as fast as the server goes. */
function saturated(server: ServerRecord | undefined): CellResult | undefined {
  return server?.cells.find(
    (cell) => cell.kind === 'valid' && cell.connections === 10 && cell.offeredRate === undefined,
  );
}

// A server that could not keep the offered rate was measured at saturation after all: say so.
function keptUp(cell: CellResult): string {
  const offered = cell.offeredRate ?? 0;
  return cell.rps >= 0.95 * offered ? '' : ` (it kept only ${Math.round(cell.rps)}/s)`;
}

/** Valid creates at 10 connections at a fixed rate (see pacedCell). */
function latencyCell(server: ServerRecord | undefined): CellResult | undefined {
  return server?.cells.find(
    (cell) => cell.kind === 'valid' && cell.connections === 10 && cell.offeredRate !== undefined,
  );
}
