import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { bareName, baselineName } from './format-table.ts';
import { findFreePort } from './find-free-port.ts';
import type { ServerLaunch } from './spawn-server.ts';

/** A server the bench measures, and how to launch a fresh one. */
export interface Contender {
  name: string;
  /** The `prism mock` run its rows are compared with. */
  prismPeer: string;
  launch(): Promise<ServerLaunch>;
}

const host = '127.0.0.1';
const require = createRequire(import.meta.url);

/**
 * This package's CLI in one mode, as built (`dist/`, what the image and `npx` run), logging every
 * request at the default level (info) to a stdout pipe the bench drains, as a container's log
 * driver would. `label` names another checkout's build (see BENCH_COMPARE in run-bench.ts).
 *
 * @example
 * const server = await startServer(await plantStoreMock('stateful', root).launch());
 */
export function plantStoreMock(
  mode: 'stateful' | 'static' | 'dynamic',
  root: string,
  label = 'plant-store-mock',
): Contender {
  const name = `${label} ${mode}`;
  const args = ['dist/cli/main.js', '--port', '0', '--host', host, '--mode', mode];
  args.push('--log-level', 'info');
  return {
    name,
    prismPeer: mode === 'dynamic' ? 'prism dynamic' : 'prism static',
    launch: () => Promise.resolve({ name, cwd: root, args }),
  };
}

/**
 * `prism mock openapi.yaml` (static, or `-d` dynamic) with its default logging, run from its
 * JS entry by this process's Node rather than through the shell shim.
 */
export function prismMock(dynamic: boolean, root: string): Contender {
  const name = dynamic ? 'prism dynamic' : 'prism static';
  return {
    name,
    prismPeer: name,
    launch: async () => {
      const port = await findFreePort(host);
      const args = [prismEntry(), 'mock', 'openapi.yaml', '-p', String(port), '-h', host];
      if (dynamic) args.push('-d');
      return { name, cwd: root, url: `http://${host}:${port}`, args };
    },
  };
}

/** The bare Express 5 + ajv server of bench/express-ajv-baseline.ts. */
export function expressAjvBaseline(root: string): Contender {
  return {
    name: baselineName,
    prismPeer: 'prism static',
    launch: () =>
      Promise.resolve({
        name: baselineName,
        cwd: root,
        args: ['bench/express-ajv-baseline.ts', '--port', '0', '--host', host],
      }),
  };
}

/** Node's own `node:http` answering POST /plants (bench/bare-http-server.ts): the floor. */
export function bareHttpServer(root: string): Contender {
  return {
    name: bareName,
    prismPeer: 'prism static',
    launch: () =>
      Promise.resolve({
        name: bareName,
        cwd: root,
        args: ['bench/bare-http-server.ts', '--port', '0', '--host', host],
      }),
  };
}

/** The file prism-cli's `bin` points at. */
export function prismEntry(): string {
  const manifestPath = require.resolve('@stoplight/prism-cli/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    bin?: string | Record<string, string>;
  };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.prism;
  if (bin === undefined) {
    throw new Error(
      `Failed to find prism's entry: ${manifestPath} has no "bin". Make sure @stoplight/prism-cli is installed.`,
    );
  }
  return resolve(dirname(manifestPath), bin);
}

/**
 * The installed version of a package, for the results file.
 *
 * @example
 * installedVersion('autocannon'); // '9.0.0'
 */
export function installedVersion(name: string): string | null {
  try {
    const manifest = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as {
      version?: string;
    };
    return manifest.version ?? null;
  } catch {
    return null;
  }
}
