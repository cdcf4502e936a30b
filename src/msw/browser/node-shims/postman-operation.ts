/**
 * Postman collections in the browser: refused, as the bundle leaves their transformer out.
 *
 * @example
 * transformPostmanCollectionOperations(collection); // throws
 */
export function transformPostmanCollectionOperations(): never {
  throw new Error(
    'Failed to read the contract: Postman collections are served by the mock server and the Node handlers only. Make sure to give an OpenAPI or Swagger 2.0 document in the browser.',
  );
}

// What an import() of the CommonJS transformer gives as `default` (see read-operations.ts).
export default { transformPostmanCollectionOperations };
