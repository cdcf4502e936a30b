import { cpus, loadavg, totalmem } from 'node:os';
import { packageVersion } from '../src/package-version.ts';
import type { BenchOptions } from './bench-options.ts';
import { installedVersion } from './contenders.ts';
import type { SourceSnapshot } from './describe-source.ts';

/** The 1, 5 and 15 minute load averages, rounded. */
export function loadAverages(): number[] {
  return loadavg().map((load) => Math.round(load * 100) / 100);
}

/**
 * Where, when and on what a bench run ran: the `meta` of the results file.
 *
 * @example
 * const meta = describeRun({ options, startedAt, loadAtStart, source: { atStart, atEnd } });
 */
export function describeRun(run: {
  options: BenchOptions;
  startedAt: number;
  loadAtStart: number[];
  source: { atStart: SourceSnapshot; atEnd: SourceSnapshot };
}) {
  const { options, source } = run;
  return {
    date: new Date(run.startedAt).toISOString(),
    elapsedSec: Math.round((Date.now() - run.startedAt) / 1000),
    node: process.version,
    cpu: cpus()[0]?.model ?? 'unknown',
    cpuCount: cpus().length,
    totalMemMiB: Math.round(totalmem() / 2 ** 20),
    platform: `${process.platform} ${process.arch}`,
    // Other work on the machine skews every figure; the load averages at both ends show how much.
    loadAverage1m5m15m: { atStart: run.loadAtStart, atEnd: loadAverages() },
    source: { ...source, changedDuringRun: source.atStart.hash !== source.atEnd.hash },
    versions: {
      'plant-store-mock': packageVersion,
      '@stoplight/prism-cli': installedVersion('@stoplight/prism-cli'),
      autocannon: installedVersion('autocannon'),
      express: installedVersion('express'),
      ajv: installedVersion('ajv'),
    },
    smoke: options.smoke,
    cell: options.length,
    connections: options.connections,
    latencyCell: { ...options.latency, connections: 10, kind: 'valid', spacing: 'even' },
    warmupPerKind: options.warmupPerKind,
    logging: 'plant-store-mock --log-level info and prism default (info), stdout piped and drained',
    latency: 'nearest-rank percentiles of every response time, ms',
  };
}
