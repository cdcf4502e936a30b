import type { Options } from 'yargs';
import { envPrefix } from './cli-flags.ts';

/** A command line read as yargs reads it: the settings by camelCase name, `_` the positionals. */
export interface ReadFlags {
  _: (string | number)[];
  [setting: string]: unknown;
}

const camelCase = (name: string): string =>
  name.replace(/-([a-z])/g, (_dash, letter: string) => letter.toUpperCase());

// A value yargs takes as typed: not empty, no flag-like dash, no quotes it would strip.
const plainValue = (value: string): boolean => value !== '' && !/^[-'"]|['"]$/.test(value);

// A contract path yargs keeps as typed: nothing it would read as a number.
const plainPath = (arg: string): boolean => arg !== '' && !/^[-+]?\.?\d/.test(arg);

/**
 * The settings of a plain command line (known flags as `--name value`, `--name=value`, `-p value`,
 * `--flag` and `--no-flag`, each once, and contract paths) and of `PLANT_MOCK_*` variables of
 * known settings, resolved as yargs resolves them: flags over env vars over the defaults.
 * Undefined for anything else (`--help`, `--config`, an unknown, repeated or camelCase flag, an
 * env var of no setting, a value yargs could read differently): yargs reads those, and reports
 * the errors. Keeps yargs off the common start (docs/design.md#start-up).
 *
 * @example
 * readKnownFlags(['--port', '0'], { PLANT_MOCK_MODE: 'dynamic' }, cliFlags());
 * // { _: [], port: '0', mode: 'dynamic', host: '127.0.0.1', ... every default }
 */
export function readKnownFlags(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  flags: Readonly<Record<string, Options>>,
): ReadFlags | undefined {
  const given = readArgs(args, flags);
  if (given === undefined) return undefined;
  const result: ReadFlags = { _: given.paths };
  for (const [name, flag] of Object.entries(flags)) {
    const value = given.values.get(name) ?? readEnv(env, name, flag);
    if (value === null) return undefined;
    if (value !== undefined) result[camelCase(name)] = value;
    else if (flag.default !== undefined) result[camelCase(name)] = flag.default;
  }
  const settings = new Set(Object.keys(flags).map((name) => envName(name)));
  const unknownEnv = Object.keys(env).some(
    (name) => name.startsWith(envPrefix) && !settings.has(name),
  );
  return unknownEnv ? undefined : result;
}

function readArgs(
  args: readonly string[],
  flags: Readonly<Record<string, Options>>,
): { values: Map<string, string | boolean>; paths: string[] } | undefined {
  const aliases = new Map(
    Object.entries(flags).flatMap(([name, { alias }]) =>
      typeof alias === 'string' ? [[`-${alias}`, name]] : [],
    ),
  );
  const values = new Map<string, string | boolean>();
  const paths: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (!arg.startsWith('-')) {
      if (!plainPath(arg)) return undefined;
      paths.push(arg);
      continue;
    }
    const equals = arg.indexOf('=');
    const long = arg.startsWith('--') ? arg.slice(2, equals === -1 ? undefined : equals) : '';
    const negated = equals === -1 && long.startsWith('no-') ? long.slice(3) : undefined;
    const name = aliases.get(arg) ?? negated ?? long;
    const flag = flags[name];
    if (flag === undefined || values.has(name)) return undefined;
    if (flag.type === 'boolean') {
      // `--cors false` and `--cors=false` are yargs' to read; `--no-port` too.
      const next = args[i + 1];
      if (equals !== -1 || next === 'true' || next === 'false') return undefined;
      values.set(name, negated === undefined);
      continue;
    }
    if (negated !== undefined && flags[long] === undefined) return undefined;
    const value = equals === -1 ? args[(i += 1)] : arg.slice(equals + 1);
    if (value === undefined || !plainValue(value)) return undefined;
    values.set(name, value);
  }
  return { values, paths };
}

/** `max-body`'s variable, PLANT_MOCK_MAX_BODY. */
const envName = (name: string): string => `${envPrefix}_${name.replaceAll('-', '_').toUpperCase()}`;

// A flag's env var as yargs reads it: undefined when unset, null when yargs is to read it.
function readEnv(
  env: NodeJS.ProcessEnv,
  name: string,
  flag: Options,
): string | boolean | null | undefined {
  const value = env[envName(name)];
  if (value === undefined) return undefined;
  if (flag.type !== 'boolean') return plainValue(value) ? value : null;
  return value === 'true' || value === 'false' ? value === 'true' : null;
}
