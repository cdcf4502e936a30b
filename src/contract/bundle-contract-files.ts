import { createHash } from 'node:crypto';
import type { ContractFile } from './read-contract-files.ts';

/** Where the files a contract refers to sit in the bundled document, one entry per file. */
export const bundledFilesKey = 'x-mock-files';

/**
 * One document from a contract's files: each referred file sits under `x-mock-files/<n>` of the
 * spec, and every `$ref` is rewritten to point inside that one document, so the readers after it
 * (and the depth and loop checks) see a single file. A spec without external `$ref`s is
 * returned as it is.
 *
 * @example
 * bundleContractFiles(await readContractFiles('openapi.yaml'));
 * // { openapi: '3.1.0', ..., 'x-mock-files': { '1': { components: ... } } }
 */
export function bundleContractFiles(files: readonly ContractFile[]): object {
  const [spec, ...others] = files;
  if (spec === undefined) throw new TypeError('a contract has at least its spec');
  const prefix = (file: number): string =>
    file === 0 ? '#' : `#/${bundledFilesKey}/${String(file)}`;
  for (const file of files) {
    for (const { node, file: target, fragment } of file.refs) {
      node.$ref = `${prefix(target)}${fragment}`;
    }
  }
  if (others.length === 0) return spec.document;
  const bundled = Object.fromEntries(
    others.map((file, index) => [String(index + 1), file.document]),
  );
  return { ...spec.document, [bundledFilesKey]: bundled };
}

/**
 * First 12 hex digits of the SHA-256 of the contract's bytes: the spec's text, then each other
 * file's name and text (a one-file contract hashes as its text alone).
 *
 * @example
 * contractHash(files); // 'a1b2c3d4e5f6'
 */
export function contractHash(files: readonly ContractFile[]): string {
  const hash = createHash('sha256');
  files.forEach((file, index) => {
    if (index > 0) hash.update(`\0${file.name}\0`);
    hash.update(file.text);
  });
  return hash.digest('hex').slice(0, 12);
}
