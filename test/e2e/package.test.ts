import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, realpathSync } from 'node:fs';
import {
  chmod,
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineProblem } from './support/engine-problem.ts';
import { mustRun, node24Env, runCommand, runNpm } from './support/run-command.ts';
import { startRecordingLoads } from './support/start-recording-loads.ts';
import { createPlant } from './support/create-plant.ts';
import { listeningUrl } from './support/listening-url.ts';

// What a user gets: the tarball `npm pack` makes on this checkout, installed into a new project
// outside the repo with its own vitest, testcontainers and TypeScript. Nothing here resolves
// `plant-store-mock` through the repo's aliases or its dist/.

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const consumerFiles = fileURLToPath(new URL('./consumer/', import.meta.url));
const exampleSuite = join(projectRoot, 'examples', 'consumer-suite');
const devVersion = async (name: string): Promise<string> =>
  (
    JSON.parse(await readFile(join(projectRoot, 'node_modules', name, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;

let consumer = '';
let tarball = '';

beforeAll(async () => {
  consumer = await mkdtemp(join(tmpdir(), 'plant-store-mock-consumer-'));
  await runNpm(['pack', '--silent', '--pack-destination', consumer], projectRoot);
  const packed = (await readdir(consumer)).find((name) => name.endsWith('.tgz'));
  if (packed === undefined) throw new Error(`npm pack left no tarball in ${consumer}`);
  tarball = join(consumer, packed);
  await writeFile(
    join(consumer, 'package.json'),
    JSON.stringify({ name: 'plant-store-mock-consumer', private: true, type: 'module' }),
  );
  for (const name of await readdir(consumerFiles)) {
    await copyFile(join(consumerFiles, name), join(consumer, name));
  }
  for (const name of ['plant-api.ts', 'plant-api.test.ts']) {
    await copyFile(join(projectRoot, 'examples', name), join(consumer, name));
  }
  // The example suite, beside the app code it imports (`../plant-api.ts`), as in the repo.
  await mkdir(join(consumer, 'consumer-suite'));
  for (const name of (await readdir(exampleSuite)).filter((file) => file.endsWith('.ts'))) {
    await copyFile(join(exampleSuite, name), join(consumer, 'consumer-suite', name));
  }
  const devDependencies = await Promise.all(
    ['vitest', 'testcontainers', 'typescript', '@types/node', 'msw'].map(
      async (name) => `${name}@${await devVersion(name)}`,
    ),
  );
  await runNpm(
    ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball, ...devDependencies],
    consumer,
    600_000,
  );
}, 900_000);

afterAll(async () => {
  if (consumer !== '') await rm(consumer, { recursive: true, force: true });
});

const installed = (...path: string[]) =>
  join(consumer, 'node_modules', 'plant-store-mock', ...path);
// Where the installed package keeps Node's compile cache (src/compile-cache.ts).
const compileCache = (...path: string[]) =>
  join(consumer, 'node_modules', '.cache', 'plant-store-mock', ...path);
// A file's URL as Node names the module (the temp folder may be a symbolic link).
const moduleUrl = (path: string): string => pathToFileURL(realpathSync(path)).href;

// The consumer project's vitest with one of its configs, without colours in its output.
function runConsumerVitest(
  config: string,
  env: NodeJS.ProcessEnv = {},
): ReturnType<typeof runCommand> {
  const vitest = join(consumer, 'node_modules', 'vitest', 'vitest.mjs');
  const plain: NodeJS.ProcessEnv = { ...node24Env, ...env, NO_COLOR: '1' };
  delete plain.FORCE_COLOR;
  return runCommand(process.execPath, [vitest, 'run', '--config', config, '--reporter=verbose'], {
    cwd: consumer,
    env: plain,
  });
}

describe('the packed package, installed in a new project', () => {
  it('holds the built code, the shipped Dockerfile and its lockfile, and no sources', () => {
    for (const path of [
      'dist/index.js',
      'dist/cli/main.js',
      'dist/inspector/page/index.html',
      'dist/inspector/page/app.js',
      'dist/inspector/page/app.css',
      'docker/Dockerfile',
      'docker/package-lock.json',
      'openapi.yaml',
      'fixtures/plants.json',
    ]) {
      expect(existsSync(installed(path)), path).toBe(true);
    }
    expect(existsSync(installed('src'))).toBe(false);
    expect(existsSync(installed('test'))).toBe(false);
  });

  it("carries its licence, its links and none of the repo's lifecycle scripts", async () => {
    const manifest = JSON.parse(await readFile(installed('package.json'), 'utf8')) as {
      scripts?: Record<string, string>;
      repository?: { url?: string };
      bugs?: { url?: string };
      homepage?: string;
      license?: string;
    };
    for (const script of ['prepare', 'prepack', 'postpack']) {
      expect(manifest.scripts?.[script], script).toBeUndefined();
    }
    expect(manifest.repository?.url).toMatch(/github\.com\/plant-store\/plant-store-mock/);
    expect(manifest.bugs?.url).toMatch(/^https:\/\//);
    expect(manifest.homepage).toMatch(/^https:\/\//);
    expect(manifest.license).toBe('MIT');
    expect(await readFile(installed('LICENSE'), 'utf8')).toMatch(/^MIT License/);
    expect(existsSync(installed('SECURITY.md'))).toBe(true);
  });

  it('says in one stderr line, before anything fails, that its Node is too old', async () => {
    const bin = join(consumer, 'node_modules', '.bin', 'plant-store-mock');
    const current = await runCommand(bin, ['--version'], { cwd: consumer, env: node24Env });
    expect(current).toEqual({ code: 0, output: `${await packageVersionOfTarball()}\n` });
    if (oldNode === undefined) {
      console.warn('Skipping the old-Node run: no Node older than 24.18 on PATH.');
      return;
    }
    const env = {
      ...process.env,
      PATH: `${dirname(oldNode.path)}${delimiter}${process.env.PATH ?? ''}`,
    };
    const child = spawn(bin, ['--version'], {
      cwd: consumer,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await once(child, 'close');
    expect(stderr.split('\n')[0]).toBe(
      `plant-store-mock: Node ${oldNode.version} is older than this package supports (node >=24.18.0), and it may fail on it. Make sure to run it on Node 24.18.0 or newer.`,
    );
  });

  it('loads every entry point and resolves the bundled contract from code', async () => {
    const script = `
      const main = await import('plant-store-mock');
      const client = await import('plant-store-mock/client');
      const vitest = await import('plant-store-mock/vitest');
      const globalSetup = await import('plant-store-mock/vitest/global-setup');
      const containers = await import('plant-store-mock/testcontainers');
      const msw = await import('plant-store-mock/msw');
      const { fileURLToPath } = await import('node:url');
      console.log(JSON.stringify({
        main: typeof main.startMockServer,
        client: typeof client.createMockClient,
        vitest: typeof vitest.toHaveReceived,
        globalSetup: typeof globalSetup.default,
        containers: typeof containers.PlantStoreMockContainer,
        msw: typeof msw.createContractHandlers,
        image: containers.packagedImage,
        resolved: fileURLToPath(import.meta.resolve('plant-store-mock/openapi.yaml')),
        bundled: main.bundledSpecPath,
        fixtures: fileURLToPath(import.meta.resolve('plant-store-mock/fixtures/plants.json')),
      }));`;
    const output = await mustRun(process.execPath, ['--input-type=module', '-e', script], {
      cwd: consumer,
    });
    const seen = JSON.parse(output) as Record<string, string>;
    expect(seen).toMatchObject({
      main: 'function',
      client: 'function',
      vitest: 'function',
      globalSetup: 'function',
      containers: 'function',
      msw: 'function',
    });
    expect(seen.image).toMatch(
      new RegExp(`^plant-store-mock:${await packageVersionOfTarball()}-[0-9a-f]{12}$`),
    );
    expect(seen.resolved).toBe(installed('openapi.yaml'));
    expect(seen.bundled).toBe(installed('openapi.yaml'));
    expect(seen.fixtures).toBe(installed('fixtures', 'plants.json'));
  });

  it('type-checks a strict consumer under NodeNext and bundler resolution', async () => {
    const tsc = join(consumer, 'node_modules', 'typescript', 'bin', 'tsc');
    for (const config of ['tsconfig.nodenext.json', 'tsconfig.bundler.json']) {
      const checked = await runCommand(process.execPath, [tsc, '-p', config], { cwd: consumer });
      expect(checked, config).toMatchObject({ code: 0, output: '' });
    }
    // Two full type checks of a project with the package's types and its peers': a hang guard.
  }, 120_000);

  it('ships source maps that carry their sources, so traces name real code', async () => {
    const map = JSON.parse(await readFile(installed('dist', 'index.js.map'), 'utf8')) as {
      sources: string[];
      sourcesContent?: (string | null)[];
    };
    expect(map.sourcesContent).toHaveLength(map.sources.length);
    expect(map.sourcesContent?.every((source) => typeof source === 'string')).toBe(true);
  });

  it('starts the installed CLI from its bundle: few files read from node_modules', async () => {
    // Unbundled, the start and a first create read 632 modules of the dependencies (lodash alone
    // 196); the bundle holds them, so the start compiles a few files (docs/design.md).
    const cli = await startRecordingLoads(installed('dist', 'cli', 'main.js'), consumer);
    try {
      expect((await createPlant(cli.url, { id: 1, name: 'Monstera' })).status).toBe(200);
      const dependencies = (await cli.loaded()).filter(
        (url) => url.includes('/node_modules/') && !url.includes('/node_modules/plant-store-mock/'),
      );
      expect(dependencies.length).toBeLessThan(150);
    } finally {
      cli.stop();
    }
  });

  it('runs the installed CLI, which answers a create', async () => {
    const cli = spawn(
      join(consumer, 'node_modules', '.bin', 'plant-store-mock'),
      ['--port', '0', '--host', '127.0.0.1'],
      { cwd: consumer, env: node24Env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const url = await listeningUrl(cli);
      const response = await fetch(`${url}/plants`, {
        method: 'POST',
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
        body: JSON.stringify({ id: 1, name: 'Monstera', tag: 'tropical' }),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ name: 'Monstera', tag: 'tropical' });
    } finally {
      cli.kill('SIGTERM');
    }
  });

  it("starts the installed CLI from the compiled code of its earlier starts, kept in the project's node_modules/.cache", async () => {
    // Node says, with this variable, which compiled code it took from its cache.
    const traced = { ...node24Env, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' };
    const start = async (env: NodeJS.ProcessEnv): Promise<string> => {
      const cli = spawn(
        join(consumer, 'node_modules', '.bin', 'plant-store-mock'),
        ['--port', '0', '--host', '127.0.0.1'],
        { cwd: consumer, env, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stderr = '';
      cli.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = once(cli, 'exit');
      try {
        expect((await createPlant(await listeningUrl(cli), { id: 1, name: 'Fern' })).status).toBe(
          200,
        );
      } finally {
        cli.kill('SIGTERM');
      }
      expect(await exited).toEqual([0, null]);
      return stderr;
    };
    // The first start may be the first ever: the second reads what the first wrote on its way out.
    await start(node24Env);
    const again = await start(traced);
    const taken = [...again.matchAll(/for ESM (\S+) was accepted/g)].map((match) => match[1]);
    const bundle = `${moduleUrl(installed('dist'))}/`;
    expect(taken.filter((url) => url?.startsWith(`${bundle}chunks/`)).length).toBeGreaterThan(3);
    expect((await readdir(compileCache())).length).toBeGreaterThan(0);
    // Nothing of it in the package's folder, the image's build context for Testcontainers.
    expect(existsSync(installed('.compile-cache'))).toBe(false);
    // NODE_DISABLE_COMPILE_CACHE=1 turns it off, and the CLI starts as before.
    const off = await start({ ...traced, NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(off).not.toMatch(/was accepted/);
    // A folder others may write is not used: they could leave compiled code in it.
    await chmod(compileCache(), 0o777);
    try {
      expect(await start(traced)).not.toMatch(/was accepted/);
    } finally {
      await chmod(compileCache(), 0o755);
    }
    // A damaged cache is compiled over, never a failed start.
    for (const folder of await readdir(compileCache())) {
      for (const file of await readdir(compileCache(folder))) {
        await writeFile(compileCache(folder, file), 'not compiled code');
      }
    }
    expect(await start(traced)).not.toMatch(/was accepted/);
  }, 60_000);

  it('runs vitest files that use plant-store-mock/vitest from the installed package', async () => {
    const vitest = join(consumer, 'node_modules', 'vitest', 'vitest.mjs');
    const plain: NodeJS.ProcessEnv = { ...node24Env, NO_COLOR: '1' };
    delete plain.FORCE_COLOR;
    const finished = await runCommand(
      process.execPath,
      [vitest, 'run', '--reporter=verbose', '--exclude', 'consumer-suite/**'],
      { cwd: consumer, env: plain },
    );
    expect(finished.output).toMatch(/Tests\s+4 passed \(4\)/);
    expect(finished.code).toBe(0);
    // writePactAfterAll wrote the session's pact: the one create the contract accepted.
    const pact = JSON.parse(
      await readFile(join(consumer, 'pacts', 'installed-plant-store.json'), 'utf8'),
    ) as { interactions: { description: string }[] };
    expect(pact.interactions.map((i) => i.description)).toEqual(['createPlant returns 200']);
  });

  it("runs the example suite, whose pact holds every test's interactions across per-test resets", async () => {
    const suite = join(consumer, 'consumer-suite');
    const vitest = join(consumer, 'node_modules', 'vitest', 'vitest.mjs');
    const plain: NodeJS.ProcessEnv = { ...node24Env, NO_COLOR: '1' };
    delete plain.FORCE_COLOR;
    const finished = await runCommand(process.execPath, [vitest, 'run', '--reporter=verbose'], {
      cwd: suite,
      env: plain,
    });
    expect(finished.output).toMatch(/Tests\s+3 passed \(3\)/);
    expect(finished.code).toBe(0);
    const pact = JSON.parse(
      await readFile(join(suite, 'pacts', 'plant-web-plant-store.json'), 'utf8'),
    ) as {
      interactions: {
        providerStates: { name: string }[];
        request: { body?: { content: { name: string } } };
        response: { status: number };
      }[];
    };
    // One interaction from each test: the create, the refused existing id, the create retried.
    expect(
      pact.interactions.map((i) => [
        i.request.body?.content.name,
        i.response.status,
        i.providerStates[0]?.name,
      ]),
    ).toEqual([
      ['Monstera', 200, 'createPlant returns 200'],
      ['Calathea', 200, 'createPlant returns 200'],
      ['Fern', 400, 'a plant with id 1 exists'],
    ]);
    expect(JSON.stringify(pact)).not.toMatch(/__admin|session|reset the store/i);
  });

  it('answers creates in process with plant-store-mock/msw and the installed msw, no server started', async () => {
    const finished = await runConsumerVitest('vitest.msw.config.ts');
    expect(finished.output).toMatch(/Tests\s+2 passed \(2\)/);
    expect(finished.code).toBe(0);
    const pact = JSON.parse(
      await readFile(join(consumer, 'pacts', 'installed-msw-plant-store.json'), 'utf8'),
    ) as { interactions: { description: string }[] };
    expect(pact.interactions.map((i) => i.description)).toEqual([
      'createPlant returns 200',
      'createPlant returns 400',
    ]);
  });

  it('shares one mock across suite files through the global setup, a session per file', async () => {
    const finished = await runConsumerVitest('vitest.suite.config.ts');
    expect(finished.output).toMatch(/Test Files\s+2 passed \(2\)/);
    expect(finished.code).toBe(0);
    // Both files talked to the same server, which the setup closed at the end.
    const urls = [...finished.output.matchAll(/shared mock (http:\/\/127\.0\.0\.1:\d+)/g)].map(
      (match) => match[1],
    );
    expect(urls).toHaveLength(2);
    expect(urls[1]).toBe(urls[0]);
    const closed = await fetch(`${urls[0] ?? ''}/__admin/health`).catch((error: unknown) => error);
    expect(closed).toBeInstanceOf(TypeError);
  });

  it("starts the global setup's mock from the compiled code of the runs before", async () => {
    // The first run may be the first ever: the second reads what the first's thread wrote.
    expect((await runConsumerVitest('vitest.suite.config.ts')).code).toBe(0);
    const again = await runConsumerVitest('vitest.suite.config.ts', {
      NODE_DEBUG_NATIVE: 'COMPILE_CACHE',
    });
    expect(again.code).toBe(0);
    // Only the mock's own thread loads the package's main entry (the test files load its client).
    expect(again.output).toContain(
      `for ESM ${moduleUrl(installed('dist', 'index.js'))} was accepted`,
    );
  }, 60_000);

  it("fails the suite's run with the contract's message when the global setup's contract is missing", async () => {
    const finished = await runConsumerVitest('vitest.failing-setup.config.ts');
    expect(finished.code).not.toBe(0);
    expect(finished.output).toContain('Failed to read the spec ./missing-contract.yaml');
  });
});

/** The image tag the installed plant-store-mock/testcontainers builds and runs. */
async function installedPackagedImage(): Promise<string> {
  const script = `const { packagedImage } = await import('plant-store-mock/testcontainers');
    console.log(packagedImage);`;
  const output = await mustRun(process.execPath, ['--input-type=module', '-e', script], {
    cwd: consumer,
  });
  return output.trim();
}

/** A Node older than the package supports on PATH (the machine's own, as on CI), if any. */
async function findOldNode(): Promise<{ path: string; version: string } | undefined> {
  for (const folder of (process.env.PATH ?? '').split(delimiter)) {
    const path = join(folder, 'node');
    if (folder === '' || !existsSync(path)) continue;
    const { code, output } = await runCommand(path, ['--version'], { cwd: folder });
    const version = output.trim().replace(/^v/, '');
    const [major = 0, minor = 0] = version.split('.').map(Number);
    if (code === 0 && (major < 24 || (major === 24 && minor < 18))) return { path, version };
  }
  return undefined;
}

const oldNode = await findOldNode();

async function packageVersionOfTarball(): Promise<string> {
  return (JSON.parse(await readFile(installed('package.json'), 'utf8')) as { version: string })
    .version;
}

// Needs an engine; skipped (and reported as skipped) only when none answers.
const problem = await engineProblem();

describe.skipIf(problem !== undefined)('Testcontainers from the installed package', () => {
  it('builds the package image from its shipped Dockerfile when absent, then runs it', async () => {
    const image = await installedPackagedImage();
    await runCommand('docker', ['image', 'rm', '--force', image], { cwd: consumer });
    const output = await mustRun(process.execPath, ['start-container.ts'], {
      cwd: consumer,
      env: { ...node24Env, TESTCONTAINERS_RYUK_DISABLED: 'true' },
      timeoutMs: 600_000,
    });
    const seen = JSON.parse(output.trim().split('\n').at(-1) ?? '') as Record<string, unknown>;
    expect(seen).toMatchObject({
      image,
      status: 200,
      body: { name: 'Calathea' },
      recorded: 1,
    });
    const inspected = await mustRun('docker', ['image', 'inspect', image], { cwd: consumer });
    expect(inspected).toContain('"Cmd"');
  }, 900_000);
});

describe('Testcontainers from the installed package, with no engine', () => {
  it('says what is wrong and what to do instead', async () => {
    const output = await mustRun(process.execPath, ['no-engine.ts'], {
      cwd: consumer,
      env: { ...node24Env, DOCKER_HOST: 'tcp://127.0.0.1:1', TESTCONTAINERS_RYUK_DISABLED: 'true' },
    });
    expect(JSON.parse(output.trim())).toEqual({
      name: 'ContainerEngineError',
      code: 'CONTAINER_ENGINE_UNAVAILABLE',
      message: expect.stringMatching(
        /no Docker engine answers.*Make sure Docker is running.*startMockServer\(\)/,
      ) as unknown,
    });
  });
});
