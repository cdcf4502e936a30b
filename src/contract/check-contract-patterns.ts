import type { IHttpOperation } from '@stoplight/types';
import { ConfigError } from '../errors.ts';
import { compileLinearRegex, UnsupportedPatternError } from '../parsing/linear-regex.ts';

// Keywords whose values are data, not schemas: a `pattern` field inside them is no pattern.
const dataKeywords = new Set(['example', 'examples', 'default', 'const', 'enum']);
// Keywords whose values map names to schemas: every value is a schema, whatever its name.
const schemaMaps = new Set(['properties', 'patternProperties', '$defs', 'definitions']);

/**
 * Refuses, at start-up, a contract with a `pattern` or `patternProperties` that the linear-time
 * engine cannot run, naming the pattern, where it is, and why: one line, exit code 2. Left to
 * request time, Ajv would fail to compile it, and Prism would take that as a valid request.
 *
 * @example
 * checkContractPatterns(resources, 'openapi.yaml');
 * // ConfigError: Failed to load the spec openapi.yaml: the pattern "(?=x)" at createPlant request body/properties/name uses a lookahead ...
 */
export function checkContractPatterns(resources: readonly IHttpOperation[], path: string): void {
  for (const resource of resources) {
    const name = resource.iid ?? `${resource.method.toUpperCase()} ${resource.path}`;
    const request = resource.request ?? {};
    for (const where of ['path', 'query', 'headers', 'cookie'] as const) {
      for (const parameter of request[where] ?? []) {
        check(parameter.schema, `${name} ${where} parameter ${parameter.name}`, path);
      }
    }
    for (const content of request.body?.contents ?? []) {
      check(content.schema, `${name} request body`, path);
    }
    for (const response of resource.responses) {
      for (const header of response.headers ?? []) {
        check(header.schema, `${name} ${response.code} response header ${header.name}`, path);
      }
      for (const content of response.contents ?? []) {
        check(content.schema, `${name} ${response.code} response body`, path);
      }
    }
    check((resource as { __bundled__?: unknown }).__bundled__, `${name} (bundled schemas)`, path);
  }
}

function check(schema: unknown, at: string, path: string): void {
  try {
    walk(schema, at);
  } catch (error) {
    if (!(error instanceof FoundUnsupported)) throw error;
    throw new ConfigError(
      `Failed to load the spec ${path}: the pattern ${JSON.stringify(error.cause.pattern)} at ${error.at} ${error.cause.reason}, which the mock's linear-time regex engine (RE2) cannot run. Make sure to write it without lookahead or backreferences, with repeat counts up to 1000.`,
      { cause: error.cause },
    );
  }
}

class FoundUnsupported extends Error {
  override readonly cause: UnsupportedPatternError;
  readonly at: string;
  constructor(cause: UnsupportedPatternError, at: string) {
    super(cause.message);
    this.cause = cause;
    this.at = at;
  }
}

// Visits every schema node once (a bundle's $refs are strings, so no cycles through them).
function walk(node: unknown, at: string, seen = new Set<object>()): void {
  if (node === null || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) {
    node.forEach((item: unknown, i) => {
      walk(item, `${at}/${i}`, seen);
    });
    return;
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === 'pattern' && typeof value === 'string') {
      compile(value, `${at}/pattern`);
    } else if (schemaMaps.has(key) && value !== null && typeof value === 'object') {
      for (const [name, schema] of Object.entries(value as Record<string, unknown>)) {
        if (key === 'patternProperties') compile(name, `${at}/patternProperties`);
        walk(schema, `${at}/${key}/${name}`, seen);
      }
    } else if (!dataKeywords.has(key) && !key.startsWith('x-')) {
      walk(value, `${at}/${key}`, seen);
    }
  }
}

function compile(pattern: string, at: string): void {
  try {
    compileLinearRegex(pattern);
  } catch (error) {
    if (error instanceof UnsupportedPatternError) throw new FoundUnsupported(error, at);
    throw error;
  }
}
