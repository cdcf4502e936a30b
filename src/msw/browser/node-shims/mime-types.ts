// mime-types as `accepts` and `type-is` call it in the browser: `lookup` of a media type written
// without a slash (`json`). Its database (mime-db, 134 KB minified) loads only for a contract
// that names one (see open-browser-mock); full media types never reach it.

interface MimeTypes {
  lookup(name: string): string | false;
}
let database: MimeTypes | undefined;

export function lookup(name: string): string | false {
  return database === undefined ? false : database.lookup(name);
}

/**
 * Loads mime-types and its database once.
 *
 * @example
 * await loadMimeTypes();
 */
export async function loadMimeTypes(): Promise<void> {
  const loaded: MimeTypes & { default?: MimeTypes } = await import('mime-types');
  database = loaded.default ?? loaded;
}
