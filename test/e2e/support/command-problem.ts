import { runCommand } from './run-command.ts';

/**
 * Why `command` cannot be run here, or undefined when it runs. Like engineProblem, it prints why,
 * and it fails instead of skipping when REQUIRE_DOCKER_ENGINE is set (as CI sets it).
 */
export async function commandProblem(command: string, args: string[]): Promise<string | undefined> {
  const problem = await runCommand(command, args, { timeoutMs: 30_000 }).then(
    ({ code, output }) => (code === 0 ? undefined : `exit ${String(code)}: ${output.trim()}`),
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  if (problem === undefined) return undefined;
  const message = `${command} cannot run (${problem}). Make sure it is installed to run the tests that need it.`;
  if (process.env.REQUIRE_DOCKER_ENGINE !== undefined) throw new Error(message);
  console.warn(`Skipping: ${message}`);
  return problem;
}
