import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import type { CellLength } from './load-cell.ts';

/** What one bench run does. */
export interface BenchOptions {
  /** A quick run for CI: few requests, no Prism, exits 1 on any unexpected answer. */
  smoke: boolean;
  /** Where the figures go as JSON. */
  out: string;
  length: CellLength;
  connections: number[];
  /** How many times every cell runs, the servers in alternation (the median is reported). */
  rounds: number;
  /** Unmeasured load per request kind before a server's cells, so its JIT has warmed up. */
  warmupPerKind: CellLength | null;
  /** Valid creates sent to a fresh stateful server before its RSS is read; 0 skips it. */
  rssRequests: number;
  /** How many times each start-up is timed (the median is reported). */
  startupRuns: number;
  /** The latency cell: valid creates from 10 connections at this rate, evenly spaced, each round. */
  latency: { rate: number; durationSec: number };
}

/**
 * The latency cell's rate: about a third of what this server takes at saturation on a quiet 2-core
 * machine (3,400-3,900 creates/s), and an eighth of the bare server's, so queueing is small;
 * `prism mock` (430-610 at saturation) cannot keep it, and its row says so.
 */
const latencyRate = 1_000;

/** A bad flag or env var; the bench exits 2 on it. */
export class BenchOptionsError extends Error {
  readonly code = 'BENCH_OPTIONS';
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = 'BenchOptionsError';
  }
}

/** Where a full run writes its figures unless told otherwise. */
export interface BenchPaths {
  /** A gitignored file each run overwrites. */
  latest: string;
  /** The committed figures the README quotes, written only with `--save`. */
  reference: string;
}

/**
 * The bench's paths in the checkout at `root` (ending in `/`).
 *
 * @example
 * benchPaths('/repo/').latest; // '/repo/bench/results/latest.json'
 */
export function benchPaths(root: string): BenchPaths {
  return {
    latest: join(root, 'bench', 'results', 'latest.json'),
    reference: join(root, 'bench', 'results.json'),
  };
}

/**
 * Reads `--smoke`, `--out PATH`, `--save` and the BENCH_* env vars (BENCH_SMOKE=1, BENCH_DURATION
 * seconds, BENCH_AMOUNT requests per cell, which wins over the duration, BENCH_ROUNDS). A full run writes
 * `paths.latest`; only `--save` replaces the committed `paths.reference`, so that a run to try
 * something leaves the published figures alone.
 *
 * @example
 * const options = readBenchOptions(process.argv.slice(2), process.env, {
 *   latest: 'bench/results/latest.json',
 *   reference: 'bench/results.json',
 * });
 */
export function readBenchOptions(
  args: string[],
  env: NodeJS.ProcessEnv,
  paths: BenchPaths,
): BenchOptions {
  let values: { smoke?: boolean; out?: string; save?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      options: { smoke: { type: 'boolean' }, out: { type: 'string' }, save: { type: 'boolean' } },
    }));
  } catch (cause) {
    throw new BenchOptionsError(
      `Failed to read the bench flags: ${(cause as Error).message}. Make sure to pass only --smoke, --out PATH and --save.`,
      { cause },
    );
  }
  const smoke = values.smoke === true || env.BENCH_SMOKE === '1';
  if (values.save === true && (smoke || values.out !== undefined)) {
    throw new BenchOptionsError(
      `Failed to read the bench flags: --save writes the committed ${paths.reference} from a full run. Make sure to pass it without --smoke (or BENCH_SMOKE=1) and --out.`,
    );
  }
  let out = values.out ?? (values.save === true ? paths.reference : paths.latest);
  // A smoke run's figures are no one's reference: out of the checkout unless told.
  if (smoke && values.out === undefined) out = join(tmpdir(), 'plant-store-mock-bench-smoke.json');
  if (smoke) {
    return {
      smoke,
      out,
      length: { amount: 300 },
      connections: [10],
      rounds: 1,
      warmupPerKind: null,
      rssRequests: 0,
      startupRuns: 1,
      latency: { rate: latencyRate, durationSec: 300 / latencyRate },
    };
  }
  const amount = positiveNumber(env, 'BENCH_AMOUNT');
  const durationSec = positiveNumber(env, 'BENCH_DURATION') ?? 2;
  return {
    smoke,
    out,
    length: amount === undefined ? { durationSec } : { amount },
    connections: [10, 50],
    rounds: positiveNumber(env, 'BENCH_ROUNDS') ?? 3,
    // By time, not count: a fixed count would warm a slow server for longer than a fast one.
    warmupPerKind: { durationSec: 2 },
    rssRequests: 100_000,
    startupRuns: 3,
    latency: {
      rate: latencyRate,
      durationSec: amount === undefined ? durationSec : amount / latencyRate,
    },
  };
}

function positiveNumber(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const text = env[name];
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) {
    throw new BenchOptionsError(
      `Failed to read ${name}=${text}: not a whole number above 0. Make sure to set it to e.g. 5.`,
    );
  }
  return value;
}

/**
 * A bench script's way out on a bad flag: says `lead: reason.` and the usage on stderr, exits 2.
 * Declare the constant with its type, so that TypeScript narrows after a call.
 *
 * @example
 * const fail: (reason: string) => never = failWithUsage(usage);
 * if (rounds < 1) fail('--rounds takes a whole number from 1');
 */
export function failWithUsage(
  usage: string,
  lead = 'Failed to read the flags',
): (reason: string) => never {
  return (reason) => {
    process.stderr.write(`${lead}: ${reason}.\n${usage}\n`);
    process.exit(2);
  };
}

/**
 * A bench script's flags read from `args`: `--help` prints `usage` and exits 0; an unknown flag, or
 * one without its value, goes to `fail` (which exits 2 with the script's own wording).
 */
export function readBenchFlags<const T extends ParseArgsOptionsConfig>(
  options: T & { help: { type: 'boolean'; default: false } },
  usage: string,
  fail: (reason: string) => never,
  args = process.argv.slice(2),
) {
  let parsed;
  try {
    parsed = parseArgs({ args, options });
  } catch (error) {
    fail(error instanceof Error ? error.message.replace(/\.$/, '') : String(error));
  }
  if ((parsed.values as { help?: boolean }).help === true) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  return parsed.values;
}
