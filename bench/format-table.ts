import type { CellResult } from './load-cell.ts';
import { requestKinds } from './request-kinds.ts';

/** The cells of one server, with the names of the servers its rows are compared with. */
export interface ServerCells {
  name: string;
  /** The `prism mock` run in the same mode (stateful compares with static). */
  prismPeer: string;
  cells: CellResult[];
}

/** Name of the bare Express + ajv server every row is also compared with. */
export const baselineName = 'express+ajv baseline';

/** Name of the bare `node:http` server (bench/bare-http-server.ts), the floor of every row. */
export const bareName = 'node:http (bare)';

const headers = [
  'server',
  'request',
  'conns',
  'req/s',
  'p50 ms',
  'p99 ms',
  'unexpected',
  'peak RSS MiB',
  'CPU µs/req',
  'req/s vs prism',
  'req/s vs base',
  'p99 vs prism',
  'p99 vs base',
  'req/s vs bare',
  'p99 vs bare',
];
const leftAligned = 2;

/**
 * One aligned, markdown-like table: a row per (server, request kind, connections), with its
 * throughput and p99 latency as ratios to the same cell of `prism mock`, of the Express + ajv
 * baseline and of the bare `node:http` server.
 *
 * @example
 * console.log(formatTable(servers));
 */
export function formatTable(servers: readonly ServerCells[]): string {
  const byName = new Map(servers.map((server) => [server.name, server]));
  const rows: string[][] = [];
  for (const server of servers) {
    for (const cell of server.cells) {
      const prism = peerCell(byName.get(server.prismPeer), cell);
      const base = peerCell(byName.get(baselineName), cell);
      const bare = peerCell(byName.get(bareName), cell);
      rows.push([
        server.name,
        cellLabel(cell),
        String(cell.connections),
        String(Math.round(cell.rps)),
        cell.p50Ms.toFixed(2),
        cell.p99Ms.toFixed(2),
        String(cell.unexpected),
        cell.peakRssMb === null ? 'n/a' : cell.peakRssMb.toFixed(0),
        cell.cpuUsPerResponse === undefined ? 'n/a' : String(cell.cpuUsPerResponse),
        ratio(cell.rps, prism?.rps),
        ratio(cell.rps, base?.rps),
        ratio(cell.p99Ms, prism?.p99Ms),
        ratio(cell.p99Ms, base?.p99Ms),
        ratio(cell.rps, bare?.rps),
        ratio(cell.p99Ms, bare?.p99Ms),
      ]);
    }
  }
  return alignTable(headers, rows);
}

function peerCell(peer: ServerCells | undefined, cell: CellResult): CellResult | undefined {
  return peer?.cells.find(
    (other) =>
      other.kind === cell.kind &&
      other.connections === cell.connections &&
      other.offeredRate === cell.offeredRate,
  );
}

// The kind's label, and the offered rate of a latency cell.
function cellLabel(cell: CellResult): string {
  const label = requestKinds.find((kind) => kind.name === cell.kind)?.label ?? cell.kind;
  return cell.offeredRate === undefined ? label : `${label} at ${cell.offeredRate}/s`;
}

function ratio(value: number, reference: number | undefined): string {
  if (reference === undefined || reference === 0) return '-';
  return `${(value / reference).toFixed(2)}x`;
}

/** Pads every column to its widest cell; text columns to the left, figures to the right. */
export function alignTable(head: readonly string[], rows: readonly string[][]): string {
  const widths = head.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]): string =>
    `| ${widths
      .map((width, column) => {
        const text = cells[column] ?? '';
        return column < leftAligned ? text.padEnd(width) : text.padStart(width);
      })
      .join(' | ')} |`;
  const rule = `|${widths
    .map((width, column) =>
      column < leftAligned ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`,
    )
    .join('|')}|`;
  return [line(head), rule, ...rows.map(line)].join('\n');
}
