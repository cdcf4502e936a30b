import { readFile, realpath } from 'node:fs/promises';
import { dirname, extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { parseYaml } from './parse-yaml.ts';
import { ConfigError } from '../errors.ts';
import { safeDecode } from './check-document-shape.ts';

/** The most files one contract may span: a bound on what a start or a reload reads. */
export const maxContractFiles = 500;

/** One file of a contract: the spec itself first, then each file its `$ref`s reach. */
export interface ContractFile {
  /** Absolute path. */
  path: string;
  /** The path relative to the spec's folder, as messages show it. */
  name: string;
  text: string;
  document: object;
  /** Each `$ref` object of the document, with the file (index) and fragment it points to. */
  refs: { node: { $ref: string }; file: number; fragment: string }[];
}

/**
 * Reads the spec and every file its relative `$ref`s reach, YAML or JSON, each once. A `$ref`
 * with a URL scheme, an absolute path or a path (or symlink) that leads out of the spec's folder
 * is refused: the mock reads nothing else and fetches nothing. Each path read is added to
 * `touched` first, so a watcher can follow a file that is still missing.
 *
 * @example
 * const files = await readContractFiles('contract/openapi.yaml');
 * files.map((file) => file.name); // ['openapi.yaml', 'schemas/pet.yaml']
 */
export async function readContractFiles(
  spec: string,
  touched?: Set<string>,
): Promise<ContractFile[]> {
  const root = resolve(spec);
  const folder = dirname(root);
  const realFolder = await realpath(folder).catch(() => folder);
  const files: ContractFile[] = [];
  const indexOf = new Map<string, number>([[root, 0]]);
  const queue = [root];
  for (let at = 0; at < queue.length; at++) {
    const path = queue[at] ?? root;
    touched?.add(path);
    const name = at === 0 ? spec : relative(folder, path);
    if (at > 0) await refuseEscapingLink(spec, path, name, realFolder);
    const text = await readFile(path, 'utf8').catch((cause: unknown) => {
      const what = at === 0 ? `the spec ${spec}` : `${name}, which the spec ${spec} refers to`;
      throw new ConfigError(`Failed to read ${what}: ${describe(cause)}`, { cause });
    });
    const document = parseDocument(name, text, at === 0);
    const refs = refsOf(document).map((node) => {
      const { target, fragment } = targetOf(spec, name, node.$ref, path, folder);
      let file = target === undefined ? at : indexOf.get(target);
      if (file === undefined && target !== undefined) {
        if (queue.length >= maxContractFiles) {
          throw new ConfigError(
            `Failed to load the spec ${spec}: its $refs reach more than ${String(maxContractFiles)} files. Make sure to bundle the contract into fewer files.`,
          );
        }
        file = queue.push(target) - 1;
        indexOf.set(target, file);
      }
      return { node, file: file ?? at, fragment };
    });
    files.push({ path, name, text, document, refs });
  }
  return files;
}

// The file a `$ref` points to (undefined: the file it is in) and the JSON pointer inside it.
function targetOf(
  spec: string,
  from: string,
  ref: string,
  path: string,
  folder: string,
): { target: string | undefined; fragment: string } {
  const hash = ref.indexOf('#');
  const location = hash === -1 ? ref : ref.slice(0, hash);
  const fragment = hash === -1 ? '' : ref.slice(hash + 1);
  const where = from === spec ? '' : ` (in ${from})`;
  if (fragment !== '' && !fragment.startsWith('/') && (location !== '' || from !== spec)) {
    throw new ConfigError(
      `Failed to load the spec ${spec}: it refers to "${ref}"${where}, whose fragment is no JSON pointer. Make sure a $ref into another file ends in #/ and a path, such as other.yaml#/components/schemas/Pet.`,
    );
  }
  if (location === '') return { target: undefined, fragment };
  if (/^[a-z][a-z0-9+.-]*:/i.test(location)) {
    throw new ConfigError(
      `Failed to load the spec ${spec}: it refers to "${ref}"${where}, a URL, and the mock fetches nothing. Make sure every $ref names a file under the spec's folder by a relative path (or bundle the contract first, for example with \`redocly bundle\`).`,
    );
  }
  const decoded = safeDecode(location);
  const target = resolve(dirname(path), decoded);
  const inside = relative(folder, target);
  if (
    isAbsolute(decoded) ||
    inside.startsWith(`..${sep}`) ||
    inside === '..' ||
    isAbsolute(inside)
  ) {
    throw outsideFolder(spec, ref, where, folder);
  }
  return { target, fragment };
}

// A file under the folder by name that a symlink leads out of it is refused like `../x.yaml`.
async function refuseEscapingLink(
  spec: string,
  path: string,
  name: string,
  realFolder: string,
): Promise<void> {
  const real = await realpath(path).catch(() => path);
  const inside = relative(realFolder, real);
  if (inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) {
    throw outsideFolder(spec, name, ' (a symbolic link)', realFolder);
  }
}

function outsideFolder(spec: string, ref: string, where: string, folder: string): ConfigError {
  return new ConfigError(
    `Failed to load the spec ${spec}: it refers to "${ref}"${where}, outside the spec's folder ${folder}, and the mock reads no file outside it. Make sure every file the contract refers to is under that folder and named by a relative path.`,
  );
}

// Every object with a string `$ref`, found with an explicit stack: a hostile file cannot
// overflow it (its depth is checked after bundling).
function refsOf(document: object): { $ref: string }[] {
  const found: { $ref: string }[] = [];
  const stack: object[] = [document];
  // YAML aliases share nodes (and can make cycles): each node counts once.
  const seen = new Set<object>();
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (seen.has(node)) continue;
    seen.add(node);
    if (typeof (node as { $ref?: unknown }).$ref === 'string') found.push(node as { $ref: string });
    for (const child of Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push(child as object);
    }
  }
  return found;
}

function parseDocument(name: string, text: string, isSpec: boolean): object {
  const what = isSpec ? 'the spec' : 'the contract file';
  let parsed: unknown;
  try {
    parsed = extname(name).toLowerCase() === '.json' ? JSON.parse(text) : parseYaml(text);
  } catch (cause) {
    throw new ConfigError(`Failed to parse ${what} ${name}: ${describe(cause)}`, { cause });
  }
  if (parsed === null || typeof parsed !== 'object' || (isSpec && Array.isArray(parsed))) {
    throw new ConfigError(`Failed to parse ${what} ${name}: the document is not a mapping.`);
  }
  return parsed;
}

/** The first line of an error's message, without a trailing colon. */
export function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split('\n')[0] ?? message).replace(/:$/, '');
}
