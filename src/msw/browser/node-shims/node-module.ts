// node:module's `createRequire` in the browser: the modules the handlers' code requires by name
// (Prism's validator, json-schema-faker, ...) are provided before the first request (see
// provideModules), as thunks, so that a module evaluates when it is first required, as in Node.

import * as nodeHttp from './node-http.ts';

const provided = new Map<string, () => unknown>([['node:http', () => nodeHttp]]);

/**
 * Makes `load()` what `require(id)` returns; `id` matches a required name that ends with it.
 *
 * @example
 * provideModule('json-schema-faker', () => faker);
 */
export function provideModule(id: string, load: () => unknown): void {
  provided.set(id, load);
}

function required(id: string): unknown {
  for (const [name, load] of provided) {
    if (id === name || id.endsWith(`/${name}`)) return load();
  }
  throw new Error(
    `Failed to load ${id} in the browser: it was not provided. Make sure to open the handlers with plant-store-mock/msw/browser.`,
  );
}

/**
 * node:module's `createRequire`: a `require` of the provided modules.
 *
 * @example
 * createRequire()('node:http'); // the header checks of node-http.ts
 */
export function createRequire() {
  return Object.assign((id: string) => required(id), { resolve: (id: string) => id });
}

/** `import.meta.resolve` in the bundle: the name itself, which `require` above looks up. */
export function resolveProvided(id: string): string {
  return id;
}
