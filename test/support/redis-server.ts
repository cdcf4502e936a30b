import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';

/** A redis-server of the test's own, on a free loopback port, without persistence. */
export interface TestRedis {
  url: string;
  port: number;
  /** Kills it at once (SIGKILL), as a crash would. */
  kill(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open, nothing answers. */
  pause(): void;
  /** Thaws it (SIGCONT). */
  resume(): void;
  /** Starts it again on the same port, empty. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Why the Redis tests cannot run here (no redis-server on the PATH), or undefined when they can.
 * With REQUIRE_REDIS set (CI sets it after installing Redis) a missing server fails instead.
 */
export function redisProblem(): string | undefined {
  const found = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (found.status === 0) return undefined;
  const message =
    'redis-server is not installed (apt-get install redis-server): the tests of --store redis:// are skipped.';
  if (process.env.REQUIRE_REDIS !== undefined) throw new Error(message);
  return message;
}

/**
 * Starts redis-server on a free port (found by binding port 0 and letting it go) and resolves once
 * it accepts connections, as its "Ready to accept connections" line says.
 *
 * @example
 * const redis = await startRedis();
 * const mock = await startMockServer({ port: 0, store: redis.url });
 */
export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child = await launch(port);
  return {
    url: `redis://127.0.0.1:${port}/0`,
    port,
    async kill() {
      await ended(child, 'SIGKILL');
    },
    pause() {
      child.kill('SIGSTOP');
    },
    resume() {
      child.kill('SIGCONT');
    },
    async restart() {
      child = await launch(port);
    },
    async stop() {
      await ended(child, 'SIGTERM');
    },
  };
}

/** Starts redis-server on `port` without persistence (with `args` more), once it is ready. */
export async function launch(port: number, args: readonly string[] = []): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`redis-server did not start on port ${port} within 10 s`));
    }, 10_000);
    lines.on('line', (line) => {
      if (!line.includes('Ready to accept connections')) return;
      clearTimeout(timer);
      resolve();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${String(code)} before it was ready`));
    });
  });
  return child;
}

/** Sends `signal` and resolves once the process has exited. */
export function ended(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => {
      resolve();
    });
    child.kill(signal);
  });
}

/** A loopback port free now (bound to port 0, then let go). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        resolve(typeof address === 'object' && address !== null ? address.port : 0);
      });
    });
  });
}
