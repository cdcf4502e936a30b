import { createRequire } from 'node:module';
import type { IMediaTypeContent } from '@stoplight/types';
import { linearRegExpEngine } from '../parsing/linear-regex.ts';

/**
 * The one place that reaches into `@stoplight/prism-http`'s private `dist/` paths: what its public
 * entry does not export but the mock must share with it to decide as Prism does. Checked against
 * the version below; test/unit/prism-internals.test.ts fails, naming the path, when an upgrade moves one.
 *
 * @example
 * prismHttpCheckedVersion; // '5.16': the 5.16.x releases keep these paths
 */
export const prismHttpCheckedVersion = '5.16';

/** Paths under `@stoplight/prism-http/` that this file loads. */
export const prismPrivatePaths = {
  validator: '@stoplight/prism-http/dist/validator/index.js',
  negotiatorHelpers: '@stoplight/prism-http/dist/mocker/negotiator/InternalHelpers.js',
  requiredProperties: '@stoplight/prism-http/dist/utils/filterRequiredProperties.js',
  dateTime: '@stoplight/prism-http/dist/validator/validators/dateTime.js',
  // Where the validator makes its Ajv instances: see prism-linear-regex.ts.
  validatorUtils: '@stoplight/prism-http/dist/validator/validators/utils.js',
} as const;

const require = createRequire(import.meta.url);

type PrismValidator = typeof import('@stoplight/prism-http/dist/validator/index.js');
type Option<T> = { _tag: 'None' } | { _tag: 'Some'; value: T };
type NegotiatorHelpers = {
  findBestHttpContentByMediaType(
    contents: IMediaTypeContent[],
    mediaTypes: string[],
  ): Option<IMediaTypeContent>;
};

let validator: PrismValidator | undefined;
let negotiatorHelpers: NegotiatorHelpers | undefined;

/**
 * Prism's request and response validator, loaded the first time an operation needs it (most never
 * do: see compile-fast-path.ts), which keeps tens of megabytes out of a server that does not.
 */
export function prismValidator(): PrismValidator {
  // Its Ajv instances run the contract's patterns in linear time (see prism-linear-regex.ts).
  validator ??= loadWithLinearRegex(() => require(prismPrivatePaths.validator) as PrismValidator);
  return validator;
}

/** Prism's own Accept matching, loaded the first time a request names what it accepts. */
export function prismNegotiatorHelpers(): NegotiatorHelpers {
  // The path written out (prismPrivatePaths.negotiatorHelpers), so a bundler can follow it.
  negotiatorHelpers ??=
    require('@stoplight/prism-http/dist/mocker/negotiator/InternalHelpers.js') as NegotiatorHelpers;
  return negotiatorHelpers;
}

export {
  stripReadOnlyProperties,
  stripWriteOnlyProperties,
} from '@stoplight/prism-http/dist/utils/filterRequiredProperties.js';
export {
  compareDateTime,
  date_time,
  fmtDef,
} from '@stoplight/prism-http/dist/validator/validators/dateTime.js';

type AjvClass = new (options?: { code?: object }) => object;
type AjvModule = { default: AjvClass };

// The Ajv classes Prism's validator makes its instances of, as it requires them.
const ajvModules = ['ajv', 'ajv/dist/2019', 'ajv/dist/2020'];

/**
 * Loads Prism's validator with Ajv classes that add `code.regExp` (the linear-time engine), since
 * Prism makes its Ajv instances at load with no options; then puts the originals back.
 */
function loadWithLinearRegex<T>(load: () => T): T {
  // Resolved from Prism's own module, in case npm gives it another copy of Ajv than ours.
  const prismRequire = createRequire(
    createRequire(import.meta.url).resolve(prismPrivatePaths.validatorUtils),
  );
  const modules = ajvModules.map((name) => prismRequire(name) as AjvModule);
  const originals = modules.map((module) => module.default);
  modules.forEach((module, i) => {
    const Original = originals[i] as AjvClass;
    module.default = class extends Original {
      constructor(options: { code?: object } = {}) {
        super({ ...options, code: { ...options.code, regExp: linearRegExpEngine } });
      }
    };
  });
  try {
    return load();
  } finally {
    modules.forEach((module, i) => {
      module.default = originals[i] as AjvClass;
    });
  }
}
