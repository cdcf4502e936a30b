import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { delimiter, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { HarnessCase } from './parse-harness-case.ts';
import { parseRawAnswer } from './parse-harness-case.ts';

/** How one contender is started on a case: the arguments to this process's Node. */
export interface HarnessContender {
  name: string;
  args(harnessCase: HarnessCase, spec: string, port: number): string[];
}

/** Prism's server arguments of a case, split as the harness splits them (`${document}` kept). */
export function serverTokens(harnessCase: HarnessCase): string[] {
  return harnessCase.server.trim().split(/ +/);
}

/**
 * The packed and installed plant-store-mock with the documented flag equivalents of Prism's:
 * `-d`/`--dynamic` is `--mode dynamic`, `--cors=false` is `--no-cors`, `--errors` is `--errors`,
 * and every case gets `--violations-header` and `--fake-optionals all`, Prism's defaults being
 * opt-in flags of the mock (`--json-schema-faker-fillProperties=false` is about extra
 * properties, and leaves Prism faking every optional one). A `proxy` case (`prism proxy DOC
 * URL`) runs the mock with `--upstream` pointed at the same local stand-in as Prism's.
 */
export function installedMock(cli: string, upstream: string): HarnessContender {
  return {
    name: 'plant-store-mock',
    args(harnessCase, spec, port) {
      const tokens = serverTokens(harnessCase);
      const has = (...names: string[]) => tokens.some((token) => names.includes(token));
      return [
        cli,
        ...['--port', String(port), '--host', '127.0.0.1', '--spec', spec, '--log-level', 'silent'],
        ...(tokens[0] === 'proxy' ? ['--upstream', upstream] : []),
        ...(has('-d', '--dynamic') ? ['--mode', 'dynamic'] : []),
        ...(has('--cors=false') ? ['--no-cors'] : []),
        ...(has('--errors') ? ['--errors'] : []),
        '--violations-header',
        ...['--fake-optionals', 'all'],
      ];
    },
  };
}

/** `prism mock` (or `prism proxy` to the local upstream) from the devDependency, as the harness runs it. */
export function prismCli(entry: string, upstream: string): HarnessContender {
  return {
    name: 'prism',
    args(harnessCase, spec, port) {
      const tokens = serverTokens(harnessCase)
        .filter((token, index, all) => token !== '-p' && all[index - 1] !== '-p')
        .map((token) => (token === '${document}' ? spec : token))
        .map((token) => (/^https?:\/\/httpbin\.org/.test(token) ? upstream : token));
      return [entry, ...tokens, '-p', String(port), '-h', '127.0.0.1'];
    },
  };
}

/**
 * A local stand-in for httpbin.org, the upstream of the proxy cases: `/status/N` answers N with no
 * body; any other path answers what the proxy case that asks for it expects of httpbin (its
 * status, content type and body), so Prism's proxy runs with no outside network.
 */
export async function startUpstream(
  cases: readonly HarnessCase[],
): Promise<{ url: string; server: Server }> {
  const recorded = new Map<string, { status: number; type: string | undefined; body: string }>();
  for (const harnessCase of cases) {
    const path = /localhost:4010(\/[^\s'"]*)/.exec(harnessCase.command)?.[1];
    const expected = harnessCase.expect ?? harnessCase.expectLoose;
    if (path === undefined || expected === undefined || recorded.has(path)) continue;
    const answer = parseRawAnswer(expected);
    if (answer.statusCode !== '200') continue;
    recorded.set(path, { status: 200, type: answer.headers['content-type'], body: answer.body });
  }
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    const status = /^\/status\/(\d{3})$/.exec(path)?.[1];
    const answer = recorded.get(path);
    if (status !== undefined) res.writeHead(Number(status)).end();
    else if (answer === undefined) res.writeHead(404).end();
    else
      res
        .writeHead(answer.status, answer.type === undefined ? {} : { 'content-type': answer.type })
        .end(answer.body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`, server };
}

/** Spawns a contender and resolves once its port accepts a connection (at most `timeoutMs`). */
export async function startContender(
  args: string[],
  port: number,
  cwd: string,
  timeoutMs: number,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-2_000);
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`exited ${String(child.exitCode)}: ${stderr.trim()}`);
    if (await accepts(port)) return child;
    await sleep(25);
  }
  child.kill('SIGKILL');
  throw new Error(`not listening after ${String(timeoutMs)} ms: ${stderr.trim()}`);
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      resolve(false);
    });
  });
}

/** SIGTERM, then SIGKILL after a second; resolves when it has exited. */
export async function stopContender(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 1_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Packs this checkout (`npm pack`, which builds) and installs the tarball into a new project in
 * `folder`, outside the repo; returns the installed CLI's entry.
 */
export async function installPackedMock(root: string, folder: string): Promise<string> {
  await npm(['pack', '--silent', '--pack-destination', folder], root);
  const tarball = (await readdir(folder)).find((name) => name.endsWith('.tgz'));
  if (tarball === undefined) throw new Error(`npm pack left no tarball in ${folder}`);
  await writeFile(
    join(folder, 'package.json'),
    JSON.stringify({ name: 'harness-run', private: true }),
  );
  await npm(
    ['install', '--no-audit', '--no-fund', '--prefer-offline', join(folder, tarball)],
    folder,
  );
  return join(folder, 'node_modules', 'plant-store-mock', 'dist', 'cli', 'main.js');
}

async function npm(args: string[], cwd: string): Promise<void> {
  // This Node 24 first on PATH, so that npm and the build run on it.
  const env = {
    ...process.env,
    PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`,
  };
  const child = spawn('npm', args, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error(`npm ${args.join(' ')} failed (exit ${String(code)}): ${stderr}`);
}
