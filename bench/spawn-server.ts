import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { postOnce } from './post-once.ts';
import { validHeaders, validPlantBody } from './request-kinds.ts';

/** How to start one server under test. */
export interface ServerLaunch {
  /** What the table calls it, e.g. `plant-store-mock stateful`. */
  name: string;
  /** Arguments to this process's own Node binary (process.execPath). */
  args: readonly string[];
  cwd: string;
  /** The base URL when it is known up front; otherwise read from a JSON stdout line's `url`. */
  url?: string;
  /** Environment variables set for it, over this process's own (less every `PLANT_MOCK_`). */
  env?: Readonly<Record<string, string>>;
  /** How long it may take to answer its first 200 (default 60 s). */
  timeoutMs?: number;
  /**
   * Return as soon as it prints its URL, before any request (for a bench that times the first
   * request itself); by default it is polled until a valid POST /plants answers 200.
   */
  untouched?: boolean;
}

/** A server that answered a valid POST /plants with 200. */
export interface BenchServer {
  name: string;
  pid: number;
  url: string;
  /** From spawn to the first 200 on a valid POST /plants (untouched: to its URL line). */
  startupMs: number;
  /** How long the first request the server answered (any status) took: what lazy work costs it. */
  firstAnswerMs: number;
  /** SIGTERM, then SIGKILL if it has not exited after a grace period. */
  stop(): Promise<void>;
}

const startTimeoutMs = 60_000;
const pollEveryMs = 5;
const stopGraceMs = 10_000;
const keptOutput = 8_000;

const running = new Set<ChildProcess>();

/** Kills every server still running, at once; safe in an 'exit' or signal handler. */
export function killAllServers(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

/**
 * A folder for a run's generated files, removed when the bench exits (Ctrl-C too), which also
 * kills every server still running.
 *
 * @example
 * const tmp = benchFolder('startup-bench-');
 */
export function benchFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  process.on('exit', () => {
    killAllServers();
    rmSync(folder, { recursive: true, force: true });
  });
  process.on('SIGINT', () => {
    process.exit(130);
  });
  return folder;
}

/**
 * Starts a server as a child process of the same Node binary and waits, polling a valid
 * POST /plants every few ms, until it answers 200. Its stdout is drained for its whole life so
 * per-request log lines never fill the pipe and block it.
 *
 * @example
 * const server = await startServer({ name: 'baseline', args: ['bench/express-ajv-baseline.ts'], cwd });
 * try { ... } finally { await server.stop(); }
 */
export async function startServer(launch: ServerLaunch): Promise<BenchServer> {
  const startedAt = performance.now();
  const env = {
    ...Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !name.startsWith('PLANT_MOCK_')),
    ),
    ...launch.env,
  };
  const child = spawn(process.execPath, launch.args, {
    cwd: launch.cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  // `once` rejects when the spawn itself fails ('error'); either way the child is gone.
  const exited = once(child, 'exit')
    .catch(() => undefined)
    .then(() => {
      running.delete(child);
    });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-keptOutput);
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), stopGraceMs);
    await exited;
    clearTimeout(timer);
  };
  const fail = (reason: string): Error =>
    new Error(
      `Failed to start ${launch.name}: ${reason}. Make sure \`node ${launch.args.join(' ')}\` runs on its own.\nstderr:\n${stderr}`,
    );
  try {
    const gone = exited.then(() => {
      throw fail(`it exited (code ${child.exitCode}, signal ${child.signalCode})`);
    });
    gone.catch(() => undefined);
    const timeoutMs = launch.timeoutMs ?? startTimeoutMs;
    const deadline = startedAt + timeoutMs;
    let urlTimer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      urlTimer = setTimeout(() => {
        reject(fail(`no start-up line within ${timeoutMs} ms`));
      }, timeoutMs);
    });
    const url = await Promise.race([
      launch.url === undefined ? readUrlLine(child) : drained(child, launch.url),
      gone,
      late,
    ]).finally(() => {
      clearTimeout(urlTimer);
    });
    let firstAnswerMs: number | undefined;
    for (; launch.untouched !== true;) {
      const sentAt = performance.now();
      const status = await Promise.race([
        postOnce(`${url}/plants`, validHeaders, validPlantBody(), 10_000).catch(() => 0),
        gone,
      ]);
      if (status !== 0) firstAnswerMs ??= performance.now() - sentAt;
      if (status === 200) break;
      if (performance.now() > deadline) {
        throw fail(`no 200 on POST /plants within ${timeoutMs} ms (last status ${status})`);
      }
      await sleep(pollEveryMs);
    }
    if (child.pid === undefined) throw fail('it has no pid');
    return {
      name: launch.name,
      pid: child.pid,
      url,
      startupMs: performance.now() - startedAt,
      firstAnswerMs: firstAnswerMs ?? 0,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function drained(child: ChildProcess, url: string): Promise<string> {
  child.stdout?.resume();
  return Promise.resolve(url);
}

/** Reads stdout up to the first JSON line with a `url`, then discards the rest as it comes. */
function readUrlLine(child: ChildProcess): Promise<string> {
  const stdout = child.stdout;
  if (stdout === null) return Promise.reject(new Error('The child has no stdout pipe.'));
  return new Promise((resolve) => {
    let pending = '';
    const onData = (chunk: Buffer): void => {
      pending = (pending + chunk.toString('utf8')).slice(-64_000);
      for (let end = pending.indexOf('\n'); end !== -1; end = pending.indexOf('\n')) {
        const url = urlOf(pending.slice(0, end));
        pending = pending.slice(end + 1);
        if (url !== undefined) {
          stdout.off('data', onData);
          stdout.resume();
          resolve(url);
          return;
        }
      }
    };
    stdout.on('data', onData);
  });
}

function urlOf(line: string): string | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const url = (JSON.parse(line) as { url?: unknown }).url;
    return typeof url === 'string' ? url : undefined;
  } catch {
    return undefined;
  }
}
