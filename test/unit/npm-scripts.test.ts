import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, expect, it } from 'vitest';
import { killLeftoverClis, launchNpmScript } from '../support/launch-cli.ts';
import { send } from '../support/mock-fetch.ts';
import { refusedConnection } from '../support/refused-connection.ts';

afterEach(killLeftoverClis);

const listen = ['--port', '0', '--host', '127.0.0.1'];

// npm runs a script through `sh -c`, and on SIGTERM signals only its own child: that shell. A
// shell that forks the server and dies of the signal leaves the server running, orphaned.
it.each(['start', 'dev'])(
  'stops the server when the `npm run %s` process gets SIGTERM',
  async (script) => {
    const npm = launchNpmScript(script, listen);
    const line = await npm.waitForLine(
      (text) => /listening on http:\/\/\S+/.test(text),
      'start-up',
    );
    const url = /http:\/\/[^\s"]+/.exec(line)?.[0] ?? '';
    expect((await send(`${url}/__admin/health`)).status).toBe(200);

    npm.child.kill('SIGTERM');
    // Exited here means npm and everything that held its output, the server too, are gone.
    const gone = await Promise.race([
      npm.exited.then(() => true),
      delay(5_000, false, { ref: false }),
    ]);
    expect(gone, 'the server outlived npm by 5 s').toBe(true);
    expect(await refusedConnection(Number(new URL(url).port))).toBe('ECONNREFUSED');
  },
);
