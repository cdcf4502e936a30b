import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The project root: the CLI runs from here, as `npm start` runs it. */
export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

const mainScript = 'src/cli/main.ts';

export interface CliExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A running `plant-store-mock` process with its output split into lines. */
export interface LaunchedCli {
  child: ChildProcess;
  /** Every stdout line so far. */
  readonly lines: readonly string[];
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Resolves with the first stdout line (past or future) that passes `test`; rejects on exit. */
  waitForLine(test: (line: string) => boolean, what: string): Promise<string>;
  /** Settles when the process has exited and its output is fully read; never rejects. */
  exited: Promise<CliExit>;
}

const running = new Set<LaunchedCli>();
/** Launches that lead a process group of their own (see launchNpmScript). */
const groupLeaders = new WeakSet<LaunchedCli>();

/**
 * Launches the CLI as users run it: the project's Node (24, which strips the types) on
 * src/cli/main.ts, from the project root. `PLANT_MOCK_*` variables of the test run are dropped so
 * only `env` reaches the process. Unlike spawn-cli.ts it adds no flags and waits for nothing, so
 * it also serves for runs that are meant to fail.
 *
 * @example
 * const cli = launchCli(['--port', '0'], { PLANT_MOCK_MODE: 'dynamic' });
 * await cli.waitForLine((line) => line.includes('listening'), 'the start-up line');
 */
export function launchCli(args: readonly string[], env: Record<string, string> = {}): LaunchedCli {
  return launch(process.execPath, [mainScript, ...args], env, false);
}

/**
 * Runs `npm run SCRIPT -- ARGS` from the project root, as a developer does, in a process group
 * of its own (the `pid` of the child leads it), so that a test can end whatever npm started.
 *
 * @example
 * const npm = launchNpmScript('start', ['--port', '0']);
 * process.kill(-(npm.child.pid ?? 0), 'SIGKILL');
 */
export function launchNpmScript(
  script: string,
  args: readonly string[],
  env: Record<string, string> = {},
): LaunchedCli {
  return launchNpm(['run', script, '--', ...args], env);
}

/**
 * Runs npm with these arguments from the project root, in a process group of its own, as
 * launchNpmScript does, for the command lines users type (`npm start --port 4011`).
 */
export function launchNpm(args: readonly string[], env: Record<string, string> = {}): LaunchedCli {
  return launch('npm', args, env, true);
}

function launch(
  command: string,
  args: readonly string[],
  env: Record<string, string>,
  detached: boolean,
): LaunchedCli {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('PLANT_MOCK_')),
  );
  const child = spawn(command, args, {
    cwd: projectRoot,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
  });
  const lines: string[] = [];
  const waiters = new Set<{ test: (line: string) => boolean; resolve: (line: string) => void }>();
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const reader = createInterface({ input: child.stdout, crlfDelay: Infinity });
  reader.on('line', (line) => {
    lines.push(line);
    for (const waiter of waiters) {
      if (waiter.test(line)) {
        waiters.delete(waiter);
        waiter.resolve(line);
      }
    }
  });
  const readerClosed = new Promise<void>((resolve) => reader.once('close', resolve));
  const exited = new Promise<CliExit>((resolve) => {
    child.once('error', (error) => {
      stderr += `Failed to spawn the CLI: ${error.message}\n`;
      resolve({ code: null, signal: null });
    });
    child.once('close', (code, signal) => {
      resolve({ code, signal });
    });
  }).then(async (exit) => {
    await readerClosed;
    return exit;
  });
  const cli: LaunchedCli = {
    child,
    lines,
    stderr: () => stderr,
    waitForLine(test, what) {
      const seen = lines.find(test);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise<string>((resolve, reject) => {
        waiters.add({ test, resolve });
        void exited.then((exit) => {
          reject(
            new Error(
              `The CLI exited (${JSON.stringify(exit)}) before printing ${what}.\nstdout:\n${lines.join('\n')}\nstderr:\n${stderr}`,
            ),
          );
        });
      });
    },
    exited,
  };
  running.add(cli);
  if (detached) groupLeaders.add(cli);
  void exited.then(() => running.delete(cli));
  return cli;
}

/** Runs the CLI to its end and returns what it printed. */
export async function runCli(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<CliExit & { stdout: string; stderr: string }> {
  const cli = launchCli(args, env);
  const exit = await cli.exited;
  return { ...exit, stdout: cli.lines.join('\n'), stderr: cli.stderr() };
}

/** The parsed start-up log line of a JSON-logging CLI. */
export interface StartupLine {
  msg: string;
  url: string;
  mode: string;
  [field: string]: unknown;
}

/** Launches the CLI with JSON logs and waits for its start-up line, which carries the URL. */
export async function startCli(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<{ cli: LaunchedCli; url: string; startup: StartupLine }> {
  const cli = launchCli(args, env);
  const line = await cli.waitForLine(
    (text) => typeof parseLogLine(text)?.url === 'string',
    'the start-up line',
  );
  const startup = parseLogLine(line) as StartupLine;
  return { cli, url: startup.url, startup };
}

/** A stdout line as a JSON log record, or undefined when it is not one. */
export function parseLogLine(line: string): Record<string, unknown> | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const parsed = JSON.parse(line) as unknown;
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Kills every launched CLI a test left running, and waits until they are gone. */
export async function killLeftoverClis(): Promise<void> {
  const leftovers = [...running];
  for (const cli of leftovers) {
    const { pid } = cli.child;
    if (!groupLeaders.has(cli) || pid === undefined) {
      cli.child.kill('SIGKILL');
      continue;
    }
    // The whole group: what npm started may have outlived npm.
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // The group is gone already.
    }
  }
  await Promise.allSettled(leftovers.map((cli) => cli.exited));
}
