import { resolve } from 'node:path';
import { ConfigError } from '../errors.ts';

/**
 * The contract named without a flag, as Prism takes it (`plant-store-mock openapi.yaml`), folded
 * into `spec`. One path at most; a different `--spec` (or PLANT_MOCK_SPEC) beside it is an error,
 * not a silent choice between the two.
 *
 * @example
 * contractArgument({ _: ['openapi.yaml'] }); // 'openapi.yaml'
 */
export function contractArgument(argv: {
  _: (string | number)[];
  spec?: unknown;
}): string | undefined {
  const spec = typeof argv.spec === 'string' ? argv.spec : undefined;
  const given = argv._.map(String);
  if (given.length === 0) return spec;
  if (given.length > 1) {
    throw new ConfigError(
      `one contract path at most, got ${given.map((path) => JSON.stringify(path)).join(' ')}. Make sure every other argument is an option (--name value).`,
    );
  }
  const path = given[0] as string;
  if (spec !== undefined && resolve(spec) !== resolve(path)) {
    throw new ConfigError(
      `the contract is given twice: ${JSON.stringify(path)} and --spec (or PLANT_MOCK_SPEC) ${JSON.stringify(spec)}. Make sure to name it once.`,
    );
  }
  return path;
}
