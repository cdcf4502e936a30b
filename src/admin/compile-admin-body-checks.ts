import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { adminBodySchemas } from './admin-body-schemas.ts';

type Name = keyof typeof adminBodySchemas;
type Check = ((data: unknown) => boolean) & { errors: ErrorObject[] | null | undefined };

let ajv: Ajv | undefined;

// Compiled on first use, with the options the generated checks were compiled with.
function compiledOnUse(name: Name): Check {
  let check: ValidateFunction | undefined;
  const run = Object.assign(
    (data: unknown): boolean => {
      if (ajv === undefined) {
        ajv = new Ajv({ allErrors: true });
        addFormats.default(ajv, ['regex']);
      }
      check ??= ajv.compile(adminBodySchemas[name]);
      const valid = check(data);
      run.errors = check.errors;
      return valid;
    },
    { errors: undefined as Check['errors'] },
  );
  return run;
}

/**
 * The admin API's body checks compiled by ajv at run time: what `./generated/admin-body-checks.ts`
 * exports, for the browser bundle (scripts/build-msw-browser.ts), which carries ajv's compiler
 * anyway, and for the test that holds the generated checks to ajv's.
 *
 * @example
 * import * as checks from './compile-admin-body-checks.ts';
 * checks.stub({ pattern: {}, fault: 'unavailable' }); // true
 */
export const pattern = compiledOnUse('pattern');
export const verify = compiledOnUse('verify');
export const sequence = compiledOnUse('sequence');
export const stub = compiledOnUse('stub');
