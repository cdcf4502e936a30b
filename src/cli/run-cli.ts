import { configSchema, flagName } from '../config/config-schema.ts';
import { ConfigError } from '../errors.ts';
import { startMockServer } from '../http/start-server.ts';
import { cliFlags } from './cli-flags.ts';
import { toOptions } from './to-options.ts';
import { contractArgument } from './contract-argument.ts';
import { npmFlagHint } from './npm-flag-hint.ts';
import { readKnownFlags, type ReadFlags } from './read-known-flags.ts';
import { suggestOption } from './suggest-option.ts';

/** Exit code for a setting that cannot be used. */
const badConfigExit = 2;

/** Every flag's name: the settings' (kebab-case) and yargs' own. */
const known = Object.keys(configSchema.properties)
  .map(flagName)
  .concat(['config', 'help', 'version']);

async function main(): Promise<void> {
  if (process.argv[2] === 'pact') {
    const { runPactCommand } = await import('./pact-command.ts');
    await runPactCommand(process.argv.slice(3));
    return;
  }
  const args = process.argv.slice(2);
  const hint = npmFlagHint(process.env, known);
  if (hint !== undefined) process.stderr.write(`plant-store-mock: ${hint}\n`);
  const argv = readKnownFlags(args, process.env, cliFlags()) ?? (await parseWithYargs(args));
  const options = toOptions(argv);
  const spec = contractArgument(argv);
  if (spec !== undefined) options.spec = spec;
  const server = await startMockServer(options);
  let stopping = false;
  const stop = (): void => {
    if (stopping) process.exit(1);
    stopping = true;
    // close() is bounded (5 s); this is the backstop should anything in it ever wait longer.
    setTimeout(() => process.exit(1), 10_000).unref();
    void server.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** yargs, loaded only for what readKnownFlags leaves to it: --help, --config, errors, ... */
async function parseWithYargs(args: string[]): Promise<ReadFlags> {
  const { buildParser } = await import('./build-parser.ts');
  return await buildParser(args)
    .fail((message: string | undefined, error: Error | undefined) => {
      const text = error?.message ?? message ?? 'invalid arguments';
      process.stderr.write(`plant-store-mock: ${describeFailure(text, known)}\n`);
      process.exit(badConfigExit);
    })
    .parse();
}

/**
 * yargs' failure message, with "Unknown arguments" named once each (yargs adds the camelCase
 * twin of every dashed name) and the nearest known option suggested for each.
 */
function describeFailure(message: string, known: readonly string[]): string {
  const names = /^Unknown arguments?: (.+)$/.exec(message)?.[1]?.split(', ');
  if (names === undefined) return message;
  const unknown = names.filter((name) => !names.includes(flagName(name)) || !/[A-Z]/.test(name));
  const suggestions = unknown.flatMap((typed) => {
    const near = suggestOption(typed, known);
    return near === undefined ? [] : [{ typed, near: `--${near}` }];
  });
  const plural = unknown.length === 1 ? '' : 's';
  const described = `Unknown argument${plural}: ${unknown.join(', ')}`;
  if (suggestions.length === 0) return described;
  if (unknown.length === 1) return `${described}. Did you mean ${suggestions[0]?.near ?? ''}?`;
  const each = suggestions.map(({ typed, near }) => `${near} for ${typed}`);
  return `${described}. Did you mean ${each.join(', ')}?`;
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`plant-store-mock: ${error.message}\n`);
    process.exit(badConfigExit);
  }
  process.stderr.write(
    `plant-store-mock: failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
