import { join } from 'node:path';
import { expressAjvBaseline, prismMock } from './contenders.ts';
import type { ServerLaunch } from './spawn-server.ts';

/** One thing bench/startup.ts starts, every round. */
export interface StartupCell {
  name: string;
  /** The cell its ratio is taken against: the bare server, or the Plant Store's start by the CLI. */
  against: string;
  /** Whether it serves /__admin (its first admin answer is timed too). */
  admin: boolean;
  /** A generated contract's operations (or Swagger paths): the table gives ms per operation. */
  operations?: number;
  /** A path whose first and second reads are timed once the server is up (bench/late-reads.ts). */
  lateRead?: string;
  launch(): Promise<ServerLaunch>;
}

const host = '127.0.0.1';

/** The names of the cells the ratios are taken against. */
export const bareName = 'node:http (bare)';
export const plantStoreName = 'plant-store-mock CLI';

function fixed(
  name: string,
  cwd: string,
  args: string[],
  env?: Record<string, string>,
): () => Promise<ServerLaunch> {
  return () => Promise.resolve({ name, cwd, args, ...(env === undefined ? {} : { env }) });
}

/**
 * The servers that start the Plant Store: bare node:http, Express + ajv, the CLI from `dist/` (the
 * path of `npm start`'s build, the image and Testcontainers), which reads the compile cache of its
 * earlier starts, the same CLI with that cache off (a first start after an install), the package
 * imported, `prism mock`.
 *
 * @example
 * const cells = startCells(root, root, '');
 */
export function startCells(root: string, build: string, label: string): StartupCell[] {
  const ours = (name: string, args: string[]): StartupCell => ({
    name: `${label}${name}`,
    against: bareName,
    admin: true,
    launch: fixed(`${label}${name}`, root, args),
  });
  const cliArgs = [join(build, 'dist/cli/main.js'), '--port', '0', '--host', host];
  const cli = ours(plantStoreName, cliArgs);
  const uncachedName = `${label}${plantStoreName}, no compile cache`;
  const uncached: StartupCell = {
    ...cli,
    name: uncachedName,
    launch: fixed(uncachedName, root, cliArgs, { NODE_DISABLE_COMPILE_CACHE: '1' }),
  };
  const imported = ours('startMockServer()', [
    'bench/start-imported.ts',
    join(build, 'dist/index.js'),
  ]);
  if (label !== '') return [cli, imported];
  const baseline = expressAjvBaseline(root);
  const prism = prismMock(false, root);
  return [
    {
      name: bareName,
      against: bareName,
      admin: false,
      launch: fixed(bareName, root, ['bench/bare-http-server.ts']),
    },
    { name: 'Express + ajv', against: bareName, admin: false, launch: () => baseline.launch() },
    cli,
    uncached,
    imported,
    { name: 'prism mock', against: bareName, admin: false, launch: () => prism.launch() },
  ];
}

/**
 * The CLI on a generated contract, its ratio taken against the Plant Store's start.
 *
 * @example
 * contractCell(root, root, '', '2,000 operations', '/tmp/x/openapi-2000.yaml', 2_000);
 */
export function contractCell(
  root: string,
  build: string,
  label: string,
  what: string,
  spec: string,
  operations: number,
): StartupCell {
  const name = `${label}CLI, ${what}`;
  const args = [join(build, 'dist/cli/main.js'), '--port', '0', '--host', host, '--spec', spec];
  const against = `${label}${plantStoreName}`;
  return { name, against, admin: false, operations, launch: fixed(name, root, args) };
}
