import { prismPrivatePaths } from './prism-internals.ts';

// Bundled by esbuild, which turns each call into its copy of the module.
declare const require: (id: string) => unknown;

/**
 * For the browser bundle (scripts/build-msw-browser.ts), where prism-internals.ts's `require`
 * by name finds only what is provided (src/msw/browser/node-shims/node-module.ts): Prism's
 * validator and content negotiation, and the Ajv classes swapped while the validator loads (the
 * contract's patterns on the linear-time engine, as in Node). Each evaluates when first required.
 *
 * @example
 * for (const [id, load] of Object.entries(prismModules)) provideModule(id, load);
 */
export const prismModules: Record<string, () => unknown> = {
  [prismPrivatePaths.validator]: () => require('@stoplight/prism-http/dist/validator/index.js'),
  [prismPrivatePaths.negotiatorHelpers]: () =>
    require('@stoplight/prism-http/dist/mocker/negotiator/InternalHelpers.js'),
  ajv: () => require('ajv'),
  'ajv/dist/2019': () => require('ajv/dist/2019'),
  'ajv/dist/2020': () => require('ajv/dist/2020'),
};
