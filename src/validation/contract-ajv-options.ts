import type { Options } from 'ajv';
import { linearRegExpEngine } from '../parsing/linear-regex.ts';

/**
 * The ajv options of the contract's body checks: the same set-up as Prism's validator, so the
 * compiled checks decide as Prism does (test/unit/fast-path.test.ts holds them to it). One
 * difference: the contract's patterns run on the linear-time engine (Prism's too: see
 * prism-linear-regex.ts). Shared with scripts/build-schema-checks.ts, which generates the
 * meta-schema checks with them.
 */
export const contractAjvOptions = {
  allErrors: true,
  allowUnionTypes: true,
  allowMatchingProperties: true,
  strict: false,
  coerceTypes: false,
  logger: false,
  code: { regExp: linearRegExpEngine },
} satisfies Options;
