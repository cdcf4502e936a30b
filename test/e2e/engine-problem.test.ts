import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeDockerEngine } from './support/fake-docker-engine.ts';
import { runCommand } from './support/run-command.ts';

// On an engine that answers but cannot pull Testcontainers' Ryuk image, the files that start
// containers skip with the reason (and fail with REQUIRE_DOCKER_ENGINE), instead of failing.
// Each check runs in a process of its own: Testcontainers keeps its first engine per process.

const engineProblem = fileURLToPath(new URL('./support/engine-problem.ts', import.meta.url));
let engine: Awaited<ReturnType<typeof startFakeDockerEngine>>;
beforeAll(async () => {
  engine = await startFakeDockerEngine();
});
afterAll(() => engine.close());

function check(options: { ryuk: boolean }, env: Record<string, string> = {}) {
  const script = `const { engineProblem } = await import(${JSON.stringify(engineProblem)});
    console.log(JSON.stringify({ problem: await engineProblem(${JSON.stringify(options)}) ?? null }));`;
  const inherited = { ...process.env };
  delete inherited.REQUIRE_DOCKER_ENGINE;
  delete inherited.TESTCONTAINERS_RYUK_DISABLED;
  return runCommand(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...inherited, DOCKER_HOST: engine.host, ...env },
    timeoutMs: 60_000,
  });
}

it('skips, saying why, when the engine cannot pull the Ryuk image', async () => {
  const { code, output } = await check({ ryuk: true });
  expect(code).toBe(0);
  expect(output).toContain(
    "Skipping: the Docker engine answers but cannot start Testcontainers' Ryuk container",
  );
  expect(output).toMatch(/"problem":".*no route to host/);
});

it('fails instead with REQUIRE_DOCKER_ENGINE', async () => {
  const { code, output } = await check({ ryuk: true }, { REQUIRE_DOCKER_ENGINE: '1' });
  expect(code).not.toBe(0);
  expect(output).toContain("cannot start Testcontainers' Ryuk container");
});

it('asks nothing of Ryuk when it is turned off, or for tests that use no Testcontainers', async () => {
  for (const [options, env] of [
    [{ ryuk: true }, { TESTCONTAINERS_RYUK_DISABLED: 'true' }],
    [{ ryuk: false }, {}],
  ] as const) {
    const { code, output } = await check(options, env);
    expect(code).toBe(0);
    expect(output).toContain('{"problem":null}');
  }
});
