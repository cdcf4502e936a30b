import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, posix } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlant } from './support/mock-fetch.ts';

// No Docker engine is needed: the test reads the Dockerfile and runs its runtime stage on the host
// (same files, same install, same env, same CMD), so the image and this test cannot drift apart.
// test/docker-engine.test.ts builds the real image where an engine is reachable.

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

interface Instruction {
  keyword: string;
  args: string;
}

interface Stage {
  image: string;
  name: string | undefined;
  instructions: Instruction[];
}

interface Copy {
  from: string | undefined;
  sources: string[];
  destination: string;
}

/** Splits a Dockerfile into stages of instructions (comments dropped, continuations joined). */
function parseDockerfile(text: string): Stage[] {
  const lines: string[] = [];
  let pending = '';
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*#/.test(line)) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    const whole = (pending + line).trim();
    pending = '';
    if (whole !== '') lines.push(whole);
  }
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args };
    if (instruction.keyword === 'FROM') {
      const [image = '', as, name] = args.split(/\s+/);
      stages.push({ image, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
    } else {
      const stage = stages.at(-1);
      if (stage === undefined) throw new Error(`Dockerfile: ${keyword} before the first FROM`);
      stage.instructions.push(instruction);
    }
  }
  return stages;
}

function argsOf(stage: Stage, keyword: string): string[] {
  return stage.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);
}

function lastArgsOf(stage: Stage, keyword: string): string {
  const args = argsOf(stage, keyword).at(-1);
  if (args === undefined)
    throw new Error(`Dockerfile: no ${keyword} in the stage FROM ${stage.image}`);
  return args;
}

function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const args of argsOf(stage, 'ENV')) {
    for (const pair of args.split(/\s+/)) {
      const match = /^([A-Za-z_][A-Za-z0-9_]*)=([^"'$\\]*)$/.exec(pair);
      if (match?.[1] === undefined || match[2] === undefined) {
        throw new Error(`Dockerfile: ENV ${args}: only unquoted KEY=value pairs are understood`);
      }
      env[match[1]] = match[2];
    }
  }
  return env;
}

function parseCopy(args: string): Copy {
  const words = args.split(/\s+/);
  const flags = words.filter((word) => word.startsWith('--'));
  const paths = words.filter((word) => !word.startsWith('--'));
  const destination = paths.pop();
  if (destination === undefined || paths.length === 0 || /[*?[\]"]/.test(args)) {
    throw new Error(`Dockerfile: COPY ${args}: only plain paths (no globs, no JSON form)`);
  }
  const from = flags.find((flag) => flag.startsWith('--from='))?.slice('--from='.length);
  return { from, sources: paths, destination };
}

function execForm(args: string, what: string): string[] {
  const parsed: unknown = JSON.parse(args);
  if (!Array.isArray(parsed) || !parsed.every((word) => typeof word === 'string')) {
    throw new Error(`Dockerfile: ${what} must be in exec form (a JSON array of strings)`);
  }
  return parsed;
}

function workdirOf(stage: Stage): string {
  return lastArgsOf(stage, 'WORKDIR');
}

/** Which context paths a `*` then `!path` allow-list .dockerignore lets into the build. */
function dockerignoreAdmits(dockerignore: string, path: string): boolean {
  let admitted = true;
  for (const raw of dockerignore.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const negated = line.startsWith('!');
    const pattern = (negated ? line.slice(1) : line).replace(/^\/|\/$/g, '');
    if (pattern !== '*' && /[*?[\]]/.test(pattern)) {
      throw new Error(`.dockerignore: ${line}: only "*" and plain paths are understood`);
    }
    if (pattern === '*' || path === pattern || path.startsWith(`${pattern}/`)) admitted = negated;
  }
  return admitted;
}

interface Finished {
  code: number | null;
  output: string;
}

function run(file: string, args: string[], options: SpawnOptions): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      resolve({ code, output });
    });
  });
}

// The npm that runs this test (npm_execpath under `npm test` and `npx`), on this Node 24.
async function runNpm(args: string[], cwd: string): Promise<void> {
  const npmCli = process.env.npm_execpath;
  const finished =
    npmCli !== undefined && /npm-cli\.[cm]?js$/.test(npmCli)
      ? await run(process.execPath, [npmCli, ...args], { cwd })
      : await run('npm', args, { cwd, shell: process.platform === 'win32' });
  if (finished.code !== 0) {
    throw new Error(
      `npm ${args.join(' ')} failed (exit ${String(finished.code)}):\n${finished.output}`,
    );
  }
}

function waitForUrl(child: ChildProcess, stderr: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    if (child.stdout === null) throw new Error('the server has no stdout pipe');
    createInterface({ input: child.stdout }).on('line', (line) => {
      try {
        const { url } = JSON.parse(line) as { url?: unknown };
        if (typeof url === 'string') resolve(url);
      } catch {
        // Not a JSON log line; keep reading.
      }
    });
    child.once('exit', (code) => {
      reject(new Error(`The server exited (${String(code)}) before it listened:\n${stderr()}`));
    });
  });
}

const dockerfile = await readFile(join(projectRoot, 'Dockerfile'), 'utf8');
const stages = parseDockerfile(dockerfile);
const runtime = stages.at(-1);
if (runtime === undefined) throw new Error('Dockerfile: no FROM');
const imageEnv = envOf(runtime);
const cmd = execForm(lastArgsOf(runtime, 'CMD'), 'CMD');
const healthcheck = /^(.*?)\bCMD\s+(\[.*\])$/.exec(lastArgsOf(runtime, 'HEALTHCHECK'));
const healthcheckCmd = execForm(healthcheck?.[2] ?? 'null', 'HEALTHCHECK CMD');
const runCommands = argsOf(runtime, 'RUN').flatMap((args) => args.split('&&').map((c) => c.trim()));
const runtimeInstall = runCommands.find((command) => command.startsWith('npm ci'));

describe('the Docker image, run on the host', () => {
  let staging: string | undefined;
  let app: string;
  let server: ChildProcess | undefined;
  let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  let url: string;
  let port: string;

  beforeAll(async () => {
    const folder = await mkdtemp(join(tmpdir(), 'plant-store-mock-image-'));
    staging = folder;
    app = join(folder, 'app');
    await mkdir(app);
    // The build stage, on the host: `npm run build`, its output kept out of the working tree.
    const builtWorkdir = join(folder, 'build');
    await runNpm(['run', 'build', '--', '--outDir', join(builtWorkdir, 'dist')], projectRoot);

    // The runtime stage's COPY and RUN steps, in the Dockerfile's order.
    const workdir = workdirOf(runtime);
    for (const instruction of runtime.instructions) {
      if (instruction.keyword === 'COPY') {
        const copy = parseCopy(instruction.args);
        const buildStage = stages.find((stage) => stage.name === copy.from);
        if (copy.from !== undefined && buildStage === undefined) {
          throw new Error(`Dockerfile: COPY --from=${copy.from}: no stage of that name`);
        }
        const into = posix.resolve(workdir, copy.destination);
        const intoDirectory = copy.destination.endsWith('/') || copy.sources.length > 1;
        for (const source of copy.sources) {
          const from =
            buildStage === undefined
              ? join(projectRoot, source)
              : join(builtWorkdir, posix.relative(workdirOf(buildStage), source));
          const to = join(app, posix.relative(workdir, into));
          // Like Docker: a directory's contents go to the destination, a file goes into it.
          const isFile = (await stat(from)).isFile();
          await cp(from, isFile && intoDirectory ? join(to, basename(from)) : to, {
            recursive: true,
          });
        }
      } else if (instruction.keyword === 'RUN') {
        for (const command of instruction.args.split('&&').map((c) => c.trim())) {
          // Cleaning the npm cache only shrinks the image; on the host it would empty the user's.
          if (command.startsWith('npm cache clean')) continue;
          const [program, ...args] = command.split(/\s+/);
          if (program !== 'npm') {
            throw new Error(`Dockerfile: RUN ${command}: the host test only repeats npm commands`);
          }
          await runNpm(args, app);
        }
      }
    }

    // As `docker run` would, but on a loopback address and a free port.
    const env = { ...imageEnv, PLANT_MOCK_HOST: '127.0.0.1', PLANT_MOCK_PORT: '0' };
    const [program, ...args] = cmd;
    if (program !== 'node') throw new Error(`Dockerfile: CMD starts with ${String(program)}`);
    const child = spawn(process.execPath, args, {
      cwd: app,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server = child;
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        resolve({ code, signal });
      });
    });
    url = await waitForUrl(child, () => stderr);
    port = new URL(url).port;
  }, 180_000);

  afterAll(async () => {
    if (server !== undefined && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGKILL');
      await exited;
    }
    if (staging !== undefined) await rm(staging, { recursive: true, force: true });
  });

  const runHealthcheck = (): Promise<Finished> => {
    const [program, ...args] = healthcheckCmd;
    expect(program).toBe('node');
    // Inside the container the env says the real port; here it is the one the server picked.
    return run(process.execPath, args, {
      cwd: app,
      env: { ...imageEnv, PLANT_MOCK_PORT: port },
      timeout: 10_000,
    });
  };

  it('declares a non-root user, port 4010 and a healthcheck on /__admin/health', () => {
    const user = lastArgsOf(runtime, 'USER');
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    expect(lastArgsOf(runtime, 'EXPOSE')).toBe('4010');
    expect(imageEnv).toMatchObject({ PLANT_MOCK_PORT: '4010', PLANT_MOCK_HOST: '0.0.0.0' });
    expect(healthcheckCmd.join(' ')).toContain('http://127.0.0.1:');
    expect(healthcheckCmd.join(' ')).toMatch(/\/__admin\/health\b/);
    expect(runtimeInstall).toMatch(/^npm ci\b.*\s--omit=dev\b/);
    expect(runtimeInstall).toMatch(/\s--ignore-scripts\b/);
  });

  it('runs on the Node major that the image ships', () => {
    const major = /^node:(\d+)[-.]/.exec(runtime.image)?.[1];
    expect(major).toBe(process.versions.node.split('.')[0]);
    for (const stage of stages) expect(stage.image).toBe(runtime.image);
  });

  it('sends every COPY source through .dockerignore', async () => {
    const dockerignore = await readFile(join(projectRoot, '.dockerignore'), 'utf8');
    const sources = stages.flatMap((stage) =>
      argsOf(stage, 'COPY')
        .map(parseCopy)
        .filter((copy) => copy.from === undefined)
        .flatMap((copy) => copy.sources.map((source) => posix.normalize(source))),
    );
    expect(sources.filter((source) => !dockerignoreAdmits(dockerignore, source))).toEqual([]);
    expect(dockerignoreAdmits(dockerignore, 'node_modules/vitest/package.json')).toBe(false);
    expect(dockerignoreAdmits(dockerignore, 'dist/cli/main.js')).toBe(false);
  });

  it('installs production dependencies only, without the node devDependency', async () => {
    // Some devDependencies (e.g. @types/node) are also needed by production ones; the lockfile
    // says which packages are dev-only.
    const lock = JSON.parse(await readFile(join(app, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean; optional?: boolean }>;
    };
    const entries = Object.entries(lock.packages).filter(([path]) => path !== '');
    const present = ([path]: [string, unknown]) => existsSync(join(app, path));
    expect(entries.filter(([, entry]) => entry.dev === true).filter(present)).toEqual([]);
    const required = entries.filter(([, entry]) => entry.dev !== true && entry.optional !== true);
    expect(required.filter((entry) => !present(entry)).map(([path]) => path)).toEqual([]);
    for (const name of ['node', 'vitest', 'typescript', 'testcontainers']) {
      expect(existsSync(join(app, 'node_modules', name)), name).toBe(false);
    }
  });

  it('answers GET /__admin/health with 200 and status ok', async () => {
    const response = await fetch(`${url}/__admin/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'ok',
      spec: { title: 'Plant Store', version: '1.0.0' },
      mode: 'stateful',
    });
  });

  it('answers POST /plants with 200 and the created plant', async () => {
    const answer = await createPlant({ url }, { id: 1, name: 'Fern' });
    expect(answer).toMatchObject({ status: 200, body: { name: 'Fern' } });
  });

  it('passes its own HEALTHCHECK command', async () => {
    const finished = await runHealthcheck();
    expect(finished).toEqual({ code: 0, output: '' });
  });

  it('exits 0 on SIGTERM, after which the HEALTHCHECK fails', async () => {
    server?.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect((await runHealthcheck()).code).not.toBe(0);
  });
});
