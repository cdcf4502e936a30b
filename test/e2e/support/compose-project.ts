import { createServer } from 'node:net';
import { mustRun, runCommand } from './run-command.ts';

/** A port that is free on 127.0.0.1 right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * One of the examples' docker-compose projects, brought up as written on a real engine, its
 * published port (PLANT_MOCK_HOST_PORT) a free one on 127.0.0.1.
 *
 * @example
 * const stack = composeProject(composeFile, `e2e-${process.pid}`, 900_000);
 * await stack.up();
 * expect(await stack.healthOf('plant-store-mock', 60)).toBe('healthy');
 * await fetch(`${stack.url}/plants`);
 * await stack.down();
 */
export function composeProject(composeFile: string, project: string, upTimeoutMs: number) {
  let env: NodeJS.ProcessEnv = {};
  let url = '';
  const compose = (...args: string[]) =>
    mustRun('docker-compose', ['-p', project, '-f', composeFile, ...args], {
      env,
      timeoutMs: upTimeoutMs,
    });
  return {
    /** The published port's base URL, once up. */
    get url(): string {
      return url;
    },
    async up(): Promise<void> {
      const port = await freePort();
      env = { ...process.env, PLANT_MOCK_HOST_PORT: String(port) };
      url = `http://127.0.0.1:${String(port)}`;
      await compose('up', '-d', '--build');
    },
    async down(): Promise<void> {
      await runCommand('docker-compose', ['-p', project, '-f', composeFile, 'down', '-v'], {
        env,
      });
    },
    /** The service's health by its healthcheck, polled once a second until healthy, `polls` times at most. */
    async healthOf(service: string, polls: number): Promise<string> {
      const id = (await compose('ps', '-q', service)).trim();
      let status = '';
      for (let poll = 0; poll < polls && status !== 'healthy'; poll++) {
        status = (
          await mustRun('docker', ['inspect', '-f', '{{.State.Health.Status}}', id], { env })
        ).trim();
        if (status !== 'healthy') await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      return status;
    },
  };
}
