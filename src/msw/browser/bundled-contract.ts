/**
 * The bundled Plant Store contract as a document. Empty in the sources: the browser build
 * (scripts/build-msw-browser.ts) writes openapi.yaml in, in a chunk loaded only when no contract
 * is given.
 *
 * @example
 * const { bundledContract } = await import('./bundled-contract.ts');
 */
export const bundledContract: object = {};
