import { createHash } from 'node:crypto';
import { ConfigError } from '../errors.ts';
import { bundleContractFiles, contractHash } from './bundle-contract-files.ts';
import { checkContractPatterns } from './check-contract-patterns.ts';
import { checkDocumentShape } from './check-document-shape.ts';
import { checkMediaTypes } from './check-media-types.ts';
import { lazyOperation, type ContractOperation } from './contract-operation.ts';
import { fakerSettingsOf } from './faker-settings.ts';
import { errorStyleOf, type ErrorStyle } from './problem-details.ts';
import { describe, readContractFiles } from './read-contract-files.ts';
import type { OperationSource } from './operation-sources.ts';
import { documentFormat, readOperationSources, underBasePath } from './read-operations.ts';

/**
 * Where the contract's own API keys travel (its `apiKey` security schemes): header names in
 * lower case, query parameter names as written. Cookies need no list: every cookie value is
 * redacted.
 */
export interface SecretNames {
  readonly headers: readonly string[];
  readonly query: readonly string[];
}

/**
 * A contract document ready to serve: its operations routed from start-up, each converted once,
 * when first needed.
 */
export interface Contract {
  path: string;
  title: string;
  version: string;
  /** First 12 hex digits of the SHA-256 of the contract's bytes (every file's). */
  hash: string;
  /** The absolute paths of the spec and of every file its `$ref`s reach, the spec first. */
  files: readonly string[];
  operations: readonly ContractOperation[];
  /** Where the contract's API keys travel, for the journal to redact. */
  secrets: SecretNames;
  /** How errors the contract declares no response for are answered. */
  errorStyle: ErrorStyle;
  /** Every key its document uses anywhere: a check of a keyword it does not use is skipped. */
  documentKeys: ReadonlySet<string>;
  /**
   * The OpenAPI or Swagger document's `jsonSchemaDialect`: the `$schema` http-spec gives each of
   * its schemas that names none (undefined: draft-07).
   */
  declaredDialect: string | undefined;
}

/**
 * Reads, parses and compiles an OpenAPI 3.x, Swagger 2.0 or Postman collection document (YAML
 * or JSON), with the files under its folder that its relative `$ref`s reach. Each path read is
 * added to `touched` (see readContractFiles).
 *
 * @example
 * const contract = await loadContract('openapi.yaml');
 * contract.operations.map((op) => op.operationId); // ['createPlant']
 */
export async function loadContract(path: string, touched?: Set<string>): Promise<Contract> {
  try {
    return await readContract(path, touched);
  } catch (cause) {
    throw invalidContract(path, cause);
  }
}

/**
 * The ConfigError for a contract that a library failed on (a schema ajv cannot compile: a pattern
 * that is no regular expression, an unknown $schema, an $id used twice): a bad --spec, which
 * exits 2 with one line, not a stack.
 */
export function invalidContract(path: string, cause: unknown): ConfigError {
  if (cause instanceof ConfigError) return cause;
  // What overflows a reader's stack is the document's shape, not a JSON Schema mistake.
  if (cause instanceof RangeError && /call stack/i.test(cause.message)) {
    return new ConfigError(
      `Failed to load the contract ${path}: reading its schemas overflowed the stack (a schema nested too deeply, or references that expand without end). Make sure its schemas nest less deeply and every reference cycle passes through a property or items.`,
      { cause },
    );
  }
  return new ConfigError(
    `Failed to load the contract ${path}: ${describe(cause).replace(/\.$/, '')}. Make sure its schemas are valid JSON Schema: each pattern a valid regular expression, $schema and jsonSchemaDialect naming a draft the mock knows (2020-12, 2019-09 or draft-07; nothing is fetched), each $id used once.`,
    { cause },
  );
}

async function readContract(path: string, touched?: Set<string>): Promise<Contract> {
  const files = await readContractFiles(path, touched);
  return compileContract(
    path,
    bundleContractFiles(files),
    contractHash(files),
    files.map((file) => file.path),
  );
}

/**
 * A contract given as a parsed document (as `plant-store-mock/msw` takes one), compiled as
 * loadContract compiles a file's; `label` names it in messages, its `$ref`s stay inside it.
 */
export async function contractOfDocument(label: string, document: object): Promise<Contract> {
  try {
    const hash = createHash('sha256').update(JSON.stringify(document)).digest('hex').slice(0, 12);
    return await compileContract(label, document, hash, []);
  } catch (cause) {
    throw invalidContract(label, cause);
  }
}

async function compileContract(
  path: string,
  document: object,
  hash: string,
  files: readonly string[],
): Promise<Contract> {
  const format = documentFormat(document);
  const openapi = (document as { openapi?: unknown }).openapi;
  if (format === undefined || (format === 'openapi3' && !String(openapi).startsWith('3.'))) {
    throw new ConfigError(
      `Failed to load the spec ${path}: it is not an OpenAPI 3.x document (no "openapi: 3.x" field), a Swagger 2.0 one or a Postman collection. Make sure --spec names an OpenAPI 3.0 or 3.1 file, a Swagger 2.0 file or a Postman collection (v2).`,
    );
  }
  const documentKeys = checkDocumentShape(document, path);
  let sources: OperationSource[];
  try {
    sources = await readOperationSources(document, format);
  } catch (cause) {
    throw new ConfigError(`Failed to load the spec ${path}: ${describe(cause)}`, { cause });
  }
  checkMediaTypes(document, format, sources, path);
  sources = underBasePath(sources, document);
  if (sources.length === 0) {
    throw new ConfigError(`Failed to load the spec ${path}: it declares no operations.`);
  }
  // Only a pattern the document writes can fail (http-spec adds one, for `format: byte`, that
  // runs); with none, no operation is converted for the check.
  if (documentKeys.has('pattern') || documentKeys.has('patternProperties')) {
    checkContractPatterns(
      sources.map((source) => source.convert()),
      path,
    );
  }
  const errorStyle = mayDeclareErrorMessage(documentKeys)
    ? errorStyleOf(convertedInTurn(sources))
    : 'problem';
  const fakerSettings = fakerSettingsOf(document);
  const operations = sources.map((source) => lazyOperation(source, errorStyle, fakerSettings));
  const info =
    (document as { info?: { title?: unknown; name?: unknown; version?: unknown } }).info ?? {};
  // A Postman collection names itself with `info.name`.
  const title = format === 'postman' ? info.name : info.title;
  return {
    path,
    title: typeof title === 'string' ? title : 'untitled',
    version: typeof info.version === 'string' ? info.version : '0.0.0',
    hash,
    files,
    operations,
    secrets: secretNamesOf(document, format === 'postman' ? operations : []),
    errorStyle,
    documentKeys,
    declaredDialect: format === 'postman' ? undefined : declaredDialectOf(document),
  };
}

function declaredDialectOf(document: object): string | undefined {
  const dialect = (document as { jsonSchemaDialect?: unknown }).jsonSchemaDialect;
  return typeof dialect === 'string' ? dialect : undefined;
}

// An error schema with `error` and `message` (errorStyleOf) needs both names as keys somewhere.
function mayDeclareErrorMessage(keys: ReadonlySet<string>): boolean {
  const lower = new Set([...keys].map((key) => key.toLowerCase()));
  return lower.has('error') && lower.has('message');
}

// The operations converted one at a time as errorStyleOf reads them: it stops at the first
// error schema with `error` and `message`.
function* convertedInTurn(sources: readonly OperationSource[]) {
  for (const source of sources) yield source.convert();
}

// Every apiKey scheme the document declares (OpenAPI 3's securitySchemes, Swagger 2.0's
// securityDefinitions), used by an operation or not (a client may send a key everywhere), plus
// those read into the operations of a Postman collection.
function secretNamesOf(document: object, operations: readonly ContractOperation[]): SecretNames {
  const headers = new Set<string>();
  const query = new Set<string>();
  const add = (where: unknown, name: unknown): void => {
    if (typeof name !== 'string' || name === '') return;
    if (where === 'header') headers.add(name.toLowerCase());
    else if (where === 'query') query.add(name);
  };
  const { components, securityDefinitions } = document as {
    components?: { securitySchemes?: unknown };
    securityDefinitions?: unknown;
  };
  for (const declared of [components?.securitySchemes, securityDefinitions]) {
    if (declared === null || typeof declared !== 'object') continue;
    for (const scheme of Object.values(declared as Record<string, unknown>)) {
      const { type, in: where, name } = (scheme ?? {}) as Record<string, unknown>;
      if (type === 'apiKey') add(where, name);
    }
  }
  for (const operation of operations) {
    for (const scheme of operation.security.flat()) {
      if (scheme.kind === 'apiKey') add(scheme.in, scheme.key);
    }
  }
  return { headers: [...headers], query: [...query] };
}
