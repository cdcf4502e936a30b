import { spawn, type SpawnOptions } from 'node:child_process';
import { dirname, delimiter } from 'node:path';

export interface Finished {
  code: number | null;
  output: string;
}

/** This test run's Node 24 first on PATH, so that npm, npx and bins run on it, not on the machine's. */
export const node24Env: NodeJS.ProcessEnv = {
  ...process.env,
  PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`,
};

/** Runs a command to its end and gives its exit code with stdout and stderr interleaved. */
export function runCommand(
  file: string,
  args: string[],
  options: SpawnOptions & { timeoutMs?: number },
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      env: node24Env,
      ...options,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 300_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Like runCommand, but throws with the output when the exit code is not 0. */
export async function mustRun(
  file: string,
  args: string[],
  options: SpawnOptions & { timeoutMs?: number },
): Promise<string> {
  const finished = await runCommand(file, args, options);
  if (finished.code !== 0) {
    throw new Error(
      `${file} ${args.join(' ')} failed (exit ${String(finished.code)}):\n${finished.output}`,
    );
  }
  return finished.output;
}

/** The npm that runs this test, on this Node 24 (npm_execpath under `npm test` and `npx`). */
export function runNpm(args: string[], cwd: string, timeoutMs?: number): Promise<string> {
  const npmCli = process.env.npm_execpath;
  const options = { cwd, ...(timeoutMs === undefined ? {} : { timeoutMs }) };
  return npmCli !== undefined && /npm-cli\.[cm]?js$/.test(npmCli)
    ? mustRun(process.execPath, [npmCli, ...args], options)
    : mustRun('npm', args, options);
}
