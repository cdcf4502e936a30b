/**
 * node:url's `fileURLToPath`, for the module URLs the handlers' code names files with (the
 * bundled contract's default path, never read in the browser): the URL's path; a name that is
 * no URL (see resolveProvided) as it is.
 *
 * @example
 * fileURLToPath(new URL('https://app.test/assets/openapi.yaml')); // '/assets/openapi.yaml'
 */
export function fileURLToPath(url: string | URL): string {
  return URL.canParse(String(url)) ? new URL(url).pathname : String(url);
}
