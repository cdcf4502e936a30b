import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface CliProcess {
  child: ChildProcess;
  url: string;
  /** Every stdout line so far. */
  lines: string[];
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/** Runs the CLI as `npm start` does (Node 24 on src/cli/main.ts) and waits for its start-up line. */
export async function spawnCli(
  args: string[],
  env: Record<string, string> = {},
): Promise<CliProcess> {
  const child = spawn(
    process.execPath,
    ['src/cli/main.ts', '--port', '0', '--host', '127.0.0.1', ...args],
    {
      cwd: projectRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const lines: string[] = [];
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      const match = /"?url"?: ?"(http[^"]+)"/.exec(line);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    void exited.then((code) => {
      reject(new Error(`The CLI exited with ${String(code)} before it listened: ${stderr}`));
    });
  });
  return { child, url, lines, exited };
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
