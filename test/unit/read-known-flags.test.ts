import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildParser } from '../../src/cli/build-parser.ts';
import { cliFlags, envPrefix } from '../../src/cli/cli-flags.ts';
import { contractArgument } from '../../src/cli/contract-argument.ts';
import { readKnownFlags, type ReadFlags } from '../../src/cli/read-known-flags.ts';
import { toOptions } from '../../src/cli/to-options.ts';

// The CLI's settings from a command line and env vars, read either way: what the server gets.
function settingsOf(argv: ReadFlags): unknown {
  try {
    const options = toOptions(argv);
    return { ...options, spec: contractArgument(argv) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

afterEach(() => {
  vi.unstubAllEnvs();
});

// yargs reads process.env itself: it holds exactly these PLANT_MOCK_* variables.
function withEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  for (const name of Object.keys(process.env))
    if (name.startsWith(envPrefix)) vi.stubEnv(name, undefined);
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  return process.env;
}

/** yargs' reading, or its failure's message. */
function byYargs(args: string[]): unknown {
  try {
    const argv = buildParser(args)
      .exitProcess(false)
      .fail((message: string | undefined, error: Error | undefined) => {
        throw error ?? new Error(message);
      })
      .parseSync();
    return settingsOf(argv);
  } catch (error) {
    return { failed: (error as Error).message };
  }
}

const flags = cliFlags();
const envOf = (name: string): string => `${envPrefix}_${name.replaceAll('-', '_').toUpperCase()}`;
// A value each flag takes; the schema checks it later, so any plain text will do.
const sample = (name: string): string => (name === 'port' ? '4011' : `${name}-value`);

/** Every way to set every flag: alone, as an env var, both (the flag wins), and beside a path. */
const plainCases: { args: string[]; env: Record<string, string> }[] = [
  { args: [], env: {} },
  { args: ['openapi.yaml'], env: {} },
  { args: ['./openapi.yaml'], env: {} },
  { args: ['../contracts/openapi.json', '--port', '0'], env: {} },
  { args: ['-p', '0', 'openapi.yaml', '--host', '127.0.0.1'], env: {} },
  { args: ['--spec', 'a.yaml', 'a.yaml'], env: {} },
  { args: ['a.yaml', 'b.yaml'], env: {} },
  ...Object.entries(flags).flatMap(([name, flag]) =>
    flag.type === 'boolean'
      ? [
          { args: [`--${name}`], env: {} },
          { args: [`--no-${name}`], env: {} },
          { args: [`--${name}`, 'openapi.yaml'], env: {} },
          { args: [], env: { [envOf(name)]: 'true' } },
          { args: [], env: { [envOf(name)]: 'false' } },
          { args: [`--no-${name}`], env: { [envOf(name)]: 'true' } },
        ]
      : [
          { args: [`--${name}`, sample(name)], env: {} },
          { args: [`--${name}=${sample(name)}`], env: {} },
          { args: [`--${name}`, '42'], env: {} },
          { args: [], env: { [envOf(name)]: sample(name) } },
          { args: [`--${name}`, sample(name)], env: { [envOf(name)]: 'from-env' } },
        ],
  ),
];

describe('readKnownFlags', () => {
  it('reads every flag and env var of a plain command line as yargs does', () => {
    for (const { args, env } of plainCases) {
      const read = readKnownFlags(args, withEnv(env), flags);
      expect(read, `${args.join(' ')} ${JSON.stringify(env)}`).toBeDefined();
      expect(settingsOf(read as ReadFlags), `${args.join(' ')} ${JSON.stringify(env)}`).toEqual(
        byYargs(args),
      );
    }
  });

  it('leaves help, version, config files, unknown, repeated and ambiguous flags to yargs', () => {
    const leftToYargs: [string[], Record<string, string>][] = [
      [['--help'], {}],
      [['-h'], {}],
      [['--version'], {}],
      [['--config', 'settings.json'], {}],
      [['--prot', '4011'], {}],
      [['--maxBody', '1kb'], {}],
      [['--port', '1', '--port', '2'], {}],
      [['-p', '1', '--port', '2'], {}],
      [['--cors', 'false'], {}],
      [['--cors=false'], {}],
      [['--no-port'], {}],
      [['--port'], {}],
      [['--port', '-1'], {}],
      [['--host', '"localhost"'], {}],
      [['--', 'openapi.yaml'], {}],
      [['123'], {}],
      [[], { PLANT_MOCK_FOO: '1' }],
      [[], { PLANT_MOCK_CORS: '0' }],
      [[], { PLANT_MOCK_CONFIG: 'settings.json' }],
    ];
    for (const [args, env] of leftToYargs) {
      expect(readKnownFlags(args, env, flags), args.join(' ')).toBeUndefined();
    }
  });

  it('gives what yargs gives for any command line it reads', () => {
    const names = Object.keys(flags);
    const token = fc.oneof(
      fc.constantFrom(...names.map((name) => `--${name}`)),
      fc.constantFrom(...names.map((name) => `--no-${name}`)),
      fc.constantFrom('-p', '--', '-', '--port=', '--host=x=y', '--mode=dynamic', '--seed=0x10'),
      fc.constantFrom('true', 'false', '0', '42', '0x10', '1e3', '-1', '', ' ', "'q'", '"q"'),
      fc.constantFrom('openapi.yaml', './a.yaml', '../b.json', '.5', '+1', 'a b.yaml', 'dynamic'),
      fc.constantFrom('1mb', 'x=y', '.hidden', '~/c.json', 'null', 'NaN', 'Infinity'),
      fc.string({ maxLength: 6 }),
    );
    const envEntry = fc.tuple(
      fc.constantFrom(...names.map(envOf), `${envPrefix}_P`, `${envPrefix}X`),
      fc.constantFrom('true', 'false', '1', '0', '', 'dynamic', "'q'", '-1', '0x10', 'a,b'),
    );
    fc.assert(
      fc.property(
        fc.array(token, { maxLength: 6 }),
        fc.array(envEntry, { maxLength: 3 }),
        (args, entries) => {
          const env = withEnv(Object.fromEntries(entries));
          const read = readKnownFlags(args, env, flags);
          if (read === undefined) return;
          expect(settingsOf(read)).toEqual(byYargs(args));
        },
      ),
      { numRuns: 1_500 },
    );
  });
});
