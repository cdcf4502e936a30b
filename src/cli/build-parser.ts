import yargs, { type Argv } from 'yargs';
import { flagName, integerSettings } from '../config/config-schema.ts';
import { packageVersion } from '../package-version.ts';
import { helpExamples } from './help-examples.ts';
import { cliFlags, envPrefix } from './cli-flags.ts';

/**
 * The yargs definition of the CLI. Flags win over env vars, env vars over `--config FILE`, and
 * that over the defaults. Values are checked by the config schema, not here. Strict about
 * options only: the one positional argument is the contract (see contract-argument.ts).
 */
export function buildParser(args: string[]): Argv {
  const flags = cliFlags();
  return (
    yargs(args)
      .scriptName('plant-store-mock')
      .usage(
        '$0 [contract] [options]\n$0 pact --record-file FILE [options]  (a Pact file of recorded interactions; see $0 pact --help)\n\nServes the Plant Store contract (or the one given, as a path or --spec) as a contract-testing mock.',
      )
      .env(envPrefix)
      .config(
        'config',
        'JSON file of settings (keys as in the programmatic API, e.g. {"mode":"dynamic"})',
      )
      .options(flags)
      // [number] in --help, still parsed as text (the string type wins): `--port abc` says "abc".
      .number(integerSettings.map(flagName))
      .strictOptions()
      .example(helpExamples)
      .version(packageVersion)
      .help()
      .alias('help', 'h')
      .wrap(null)
      .epilogue(`Every option can also be set by an env var: --max-body is ${envPrefix}_MAX_BODY.`)
  );
}
