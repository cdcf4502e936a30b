// node:fs and node:path in the browser, where the handlers read no file: the contract and the
// fixtures are given as objects (or the contract fetched), so a call here is a caller's mistake.

function noFiles(): never {
  throw new Error(
    'Failed to read a file: the browser has no file system. Make sure to give the contract and the fixtures as objects, or the contract as a URL.',
  );
}

export const readFile = noFiles;
export const readFileSync = noFiles;
export const realpath = noFiles;
export const openSync = noFiles;
export const dirname = noFiles;
export const isAbsolute = noFiles;
export const relative = noFiles;
export const resolve = noFiles;
export const sep = '/';

/**
 * node:path's `extname`, which mime-types reads a media type's extension with.
 *
 * @example
 * extname('plants.json'); // '.json'
 */
export function extname(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot);
}

export default { extname, dirname, isAbsolute, relative, resolve, sep };
