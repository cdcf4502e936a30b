/**
 * Fills the package's compile cache (see compile-cache.ts) the way a container's start would, for
 * the image build to run once as the user the image runs as: starts the CLI, sends it a create and
 * an admin reset (which load the mock lane and the admin API), and stops it; Node writes the
 * compiled code of everything they loaded as the CLI exits. Exits 1 when the CLI does not start,
 * answer and stop within 60 s.
 *
 * @example
 * // in a Dockerfile, as USER node: RUN node dist/prime-compile-cache.js
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { packageFile } from './package-file.ts';

const boundMs = 60_000;

const mock = spawn(
  process.execPath,
  [packageFile('dist/cli/main.js'), '--port', '0', '--host', '127.0.0.1', '--log-level', 'info'],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const bound = setTimeout(() => {
  process.stderr.write(`Failed to fill the compile cache: the mock did not stop within 60 s.\n`);
  mock.kill('SIGKILL');
  process.exit(1);
}, boundMs);

const exited = once(mock, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
const url = await new Promise<string>((resolve, reject) => {
  let output = '';
  mock.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
    const found = /"url":"([^"]+)"/.exec(output);
    if (found !== null) resolve(found[1] as string);
  });
  void exited.then(([code]) => {
    reject(new Error(`Failed to fill the compile cache: the mock exited with ${String(code)}.`));
  });
});
const create = await fetch(`${url}/plants`, {
  method: 'POST',
  headers: { authorization: 'Bearer compile-cache', 'content-type': 'application/json' },
  body: JSON.stringify({ id: 1, name: 'Monstera' }),
});
const reset = await fetch(`${url}/__admin/reset`, { method: 'POST' });
await Promise.all([create.text(), reset.text()]);
mock.kill('SIGTERM');
const [code] = await exited;
clearTimeout(bound);
if (create.status !== 200 || reset.status !== 200 || code !== 0) {
  process.stderr.write(
    `Failed to fill the compile cache: create ${String(create.status)}, reset ${String(reset.status)}, exit ${String(code)}.\n`,
  );
  process.exit(1);
}
