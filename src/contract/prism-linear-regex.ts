import { createRequire } from 'node:module';
import { linearRegExpEngine } from '../validation/linear-regex.ts';
import { prismPrivatePaths } from './prism-internals.ts';

type AjvClass = new (options?: { code?: object }) => object;
type AjvModule = { default: AjvClass };

// The Ajv classes Prism's validator makes its instances of, as it requires them.
const ajvModules = ['ajv', 'ajv/dist/2019', 'ajv/dist/2020'];

/**
 * Loads Prism's validator so that its Ajv instances run the contract's patterns on the
 * linear-time engine: Prism makes them when its module loads, with no way to pass options, and
 * on its own it takes as long as V8 does on `^(a+)+$` (seconds per request, every session
 * waiting). For the time of the load, the Ajv classes it requires are ones that add
 * `code.regExp`; then the originals are put back. test/linear-regex.test.ts checks it took.
 *
 * @example
 * const validator = loadWithLinearRegex(() => require('@stoplight/prism-http/dist/validator/index.js'));
 */
export function loadWithLinearRegex<T>(load: () => T): T {
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
