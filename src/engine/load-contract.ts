import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { IHttpOperation } from '@stoplight/types';
import { parse as parseYaml } from 'yaml';
import { ConfigError } from '../errors.ts';
import { checkContractPatterns } from './check-contract-patterns.ts';
import { compileOperation, type ContractOperation } from './contract-operation.ts';
import { documentFormat, readOperations } from './read-operations.ts';

/** A contract document ready to serve: its operations compiled once, at start-up. */
export interface Contract {
  path: string;
  title: string;
  version: string;
  /** First 12 hex digits of the SHA-256 of the document's bytes. */
  hash: string;
  operations: readonly ContractOperation[];
}

/**
 * Reads, parses and compiles an OpenAPI 3.x, Swagger 2.0 or Postman collection document (YAML
 * or JSON).
 *
 * @example
 * const contract = await loadContract('openapi.yaml');
 * contract.operations.map((op) => op.operationId); // ['createPlant']
 */
export async function loadContract(path: string): Promise<Contract> {
  const text = await readFile(path, 'utf8').catch((cause: unknown) => {
    throw new ConfigError(`Failed to read the spec ${path}: ${describe(cause)}`, { cause });
  });
  const document = parseDocument(path, text);
  const format = documentFormat(document);
  const openapi = (document as { openapi?: unknown }).openapi;
  if (format === undefined || (format === 'openapi3' && !String(openapi).startsWith('3.'))) {
    throw new ConfigError(
      `Failed to load the spec ${path}: it is not an OpenAPI 3.x document (no "openapi: 3.x" field), a Swagger 2.0 one or a Postman collection. Make sure --spec names an OpenAPI 3.0 or 3.1 file, a Swagger 2.0 file or a Postman collection (v2).`,
    );
  }
  const external = externalRef(document);
  if (external !== undefined) {
    throw new ConfigError(
      `Failed to load the spec ${path}: it refers to "${external}" outside itself, and the mock reads no file but the spec (and fetches nothing). Make sure to bundle the document into one file first (for example with \`redocly bundle\`).`,
    );
  }
  let resources: IHttpOperation[];
  try {
    resources = await readOperations(document, format);
  } catch (cause) {
    throw new ConfigError(`Failed to load the spec ${path}: ${describe(cause)}`, { cause });
  }
  if (resources.length === 0) {
    throw new ConfigError(`Failed to load the spec ${path}: it declares no operations.`);
  }
  checkContractPatterns(resources, path);
  const info =
    (document as { info?: { title?: unknown; name?: unknown; version?: unknown } }).info ?? {};
  // A Postman collection names itself with `info.name`.
  const title = format === 'postman' ? info.name : info.title;
  return {
    path,
    title: typeof title === 'string' ? title : 'untitled',
    version: typeof info.version === 'string' ? info.version : '0.0.0',
    hash: createHash('sha256').update(text).digest('hex').slice(0, 12),
    operations: resources.map(compileOperation),
  };
}

function parseDocument(path: string, text: string): object {
  let parsed: unknown;
  try {
    parsed = extname(path).toLowerCase() === '.json' ? JSON.parse(text) : parseYaml(text);
  } catch (cause) {
    throw new ConfigError(`Failed to parse the spec ${path}: ${describe(cause)}`, { cause });
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ConfigError(`Failed to parse the spec ${path}: the document is not a mapping.`);
  }
  return parsed;
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split('\n')[0] ?? message).replace(/:$/, '');
}

// The first $ref that points outside the document (another file, a URL), if any.
function externalRef(node: unknown): string | undefined {
  if (node === null || typeof node !== 'object') return undefined;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && !ref.startsWith('#')) return ref;
  for (const child of Object.values(node)) {
    const found = externalRef(child);
    if (found !== undefined) return found;
  }
  return undefined;
}
