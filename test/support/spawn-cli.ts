import type { ChildProcess } from 'node:child_process';
import { launchCli } from './launch-cli.ts';

export interface CliProcess {
  child: ChildProcess;
  url: string;
  /** Every stdout line so far. */
  lines: readonly string[];
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/**
 * Runs the CLI as `npm start` does (Node 24 on src/cli/main.ts; see launchCli) on a free loopback
 * port, and waits for its start-up line, which names its URL (in JSON or pretty logs).
 */
export async function spawnCli(
  args: string[],
  env: Record<string, string> = {},
): Promise<CliProcess> {
  const cli = launchCli(['--port', '0', '--host', '127.0.0.1', ...args], env);
  const line = await cli.waitForLine((text) => urlIn(text) !== undefined, 'the start-up line');
  return {
    child: cli.child,
    url: urlIn(line) as string,
    lines: cli.lines,
    exited: cli.exited.then(({ code }) => code),
  };
}

function urlIn(line: string): string | undefined {
  return /"?url"?: ?"(http[^"]+)"/.exec(line)?.[1];
}

/**
 * Resolves once a stdout line of the CLI passes `test`; the log is written in chunks (at least
 * every 100 ms), so a line can arrive after the answer it is about. Rejects after `timeoutMs`.
 */
export async function waitForLine(
  cli: CliProcess,
  test: (line: string) => boolean,
  timeoutMs = 5_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const line = cli.lines.find(test);
    if (line !== undefined) return line;
    if (Date.now() > deadline) {
      throw new Error(
        `No matching log line within ${String(timeoutMs)} ms:\n${cli.lines.join('\n')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
