import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { expect, it } from 'vitest';
import { projectRoot } from './support/launch-cli.ts';

// `npm start` as a developer or a process manager runs it: SIGTERM goes to npm, not to node.
it('stops the server when the npm start process gets SIGTERM', async () => {
  const npmCli = process.env.npm_execpath;
  if (npmCli === undefined) throw new Error('run this test through npm (npm test or npx vitest)');
  const npm = spawn(
    process.execPath,
    [npmCli, 'start', '--', '--port', '0', '--host', '127.0.0.1'],
    {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: npm.stdout }).on('line', (line) => {
      const match = /"url":"(http[^"]+)"/.exec(line);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    npm.once('exit', (code) => {
      reject(new Error(`npm start exited (${String(code)}) before the server listened`));
    });
  });
  expect((await fetch(`${url}/__admin/health`)).status).toBe(200);
  const exited = once(npm, 'exit');
  npm.kill('SIGTERM');
  await exited;
  // Bounded: 50 tries 100 ms apart; the server has a 8 s grace period only for requests in flight.
  let answering = true;
  for (let attempt = 0; attempt < 50 && answering; attempt++) {
    answering = await fetch(`${url}/__admin/health`).then(
      () => true,
      () => false,
    );
    if (answering) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(answering).toBe(false);
});
