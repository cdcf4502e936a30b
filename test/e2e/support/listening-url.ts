import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { createInterface } from 'node:readline';

/**
 * The URL a CLI process logs once it listens; rejects if it exits first.
 *
 * @example
 * const url = await listeningUrl(spawn(bin, ['--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] }));
 */
export function listeningUrl(cli: ChildProcessByStdio<null, Readable, Readable>): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    createInterface({ input: cli.stdout }).on('line', (line) => {
      const match = /"url":"(http[^"]+)"/.exec(line);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    cli.once('exit', (code) => {
      reject(new Error(`the CLI exited (${String(code)}) before it listened`));
    });
  });
}
