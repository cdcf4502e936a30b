import { describe, expect, it } from 'vitest';
import { bareName } from '../../bench/format-table.ts';
import type { CellResult } from '../../bench/load-cell.ts';
import type { ServerRecord } from '../../bench/measure-servers.ts';
import { throughputTargets } from '../../bench/throughput-targets.ts';

function cell(rps: number, p99Ms: number, offeredRate?: number): CellResult {
  return {
    kind: 'valid',
    connections: 10,
    ...(offeredRate === undefined ? {} : { offeredRate }),
    responses: rps,
    elapsedSec: 1,
    rps,
    autocannonRpsMean: rps,
    p50Ms: p99Ms / 4,
    p99Ms,
    meanMs: p99Ms / 3,
    errors: 0,
    timeouts: 0,
    statusCounts: { 200: rps },
    unexpectedStatus: 0,
    unexpected: 0,
    unexpectedSamples: [],
    peakRssMb: 100,
  };
}

function server(name: string, rps: number, pacedP99Ms: number): ServerRecord {
  const cells = [cell(rps, 5), cell(1000, pacedP99Ms, 1000)];
  return { name, prismPeer: '', cells, startupMs: 300, hwmMb: 120 };
}

describe("the throughput targets' p99 verdict", () => {
  const ours = (p99: number): ServerRecord => server('plant-store-mock stateful', 6000, p99);

  it('is met or missed against the bound when the bare server keeps it', () => {
    const bare = server(bareName, 10_000, 0.6);
    expect(throughputTargets([bare, ours(0.9)], 'plant-store-mock')[0]).toContain(
      'p99 0.90 ms at 1000/s (<= 1, met)',
    );
    expect(throughputTargets([bare, ours(1.4)], 'plant-store-mock')[0]).toContain(
      'p99 1.40 ms at 1000/s (<= 1, MISSED)',
    );
  });

  it('says the bound cannot be judged on a machine where the bare server misses it too', () => {
    const line = throughputTargets([server(bareName, 10_000, 3.2), ours(4.1)], 'plant-store-mock');
    expect(line[0]).toContain(
      "p99 4.10 ms at 1000/s (<= 1, not judgeable here: bare node:http's own p99 is 3.20 ms)",
    );
    expect(line[0]).toContain('0.60x bare (>= 0.6, met)');
  });
});
