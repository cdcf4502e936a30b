import type { HttpSecurityScheme, IHttpOperation } from '@stoplight/types';
import type { FakerSettings } from './faker-settings.ts';
import type { OperationSource } from './operation-sources.ts';
import type { ErrorStyle } from './problem-details.ts';

/** What a request must carry to pass one security scheme. */
export type SecurityScheme =
  | { kind: 'bearer'; name: string }
  | { kind: 'basic'; name: string }
  | { kind: 'apiKey'; name: string; in: 'header' | 'query' | 'cookie'; key: string }
  | { kind: 'http'; name: string; scheme: string }
  | { kind: 'other'; name: string };

/**
 * One operation of the contract: routed from start-up, its model converted on first need (see
 * lazyOperation; its checks: see fastPathOf).
 */
export interface ContractOperation {
  operationId: string;
  /** Upper-case HTTP method. */
  method: string;
  /** The path template as written in the document, e.g. `/plants/{id}`. */
  path: string;
  matcher: RegExp;
  /** Declared numeric statuses, in document order (`default` and `4XX` ranges are left out). */
  statuses: readonly number[];
  /** The status a request gets when it asks for none (see successStatusOf). */
  successStatus: number;
  requestMediaTypes: readonly string[];
  bodyRequired: boolean;
  /** Alternatives (any one may pass); each alternative lists schemes that must all pass. */
  security: readonly (readonly SecurityScheme[])[];
  /** Prism's model of the operation; only the contract's readers and the checks read it. */
  resource: IHttpOperation;
  /** The operation's `x-` fields (`x-mock-resource`), read without converting it. */
  extensions: Readonly<Record<string, unknown>>;
  /** How the contract answers errors it declares no response for (see errorStyleOf). */
  errorStyle?: ErrorStyle;
  /** The document's `x-json-schema-faker` settings, for dynamic answers. */
  fakerSettings?: FakerSettings;
}

/** Turns Prism's model of an operation into the shape the rest of the server works with. */
export function compileOperation(
  resource: IHttpOperation,
  errorStyle: ErrorStyle = 'error-message',
  fakerSettings: FakerSettings = {},
): ContractOperation {
  const method = resource.method.toUpperCase();
  return {
    errorStyle,
    fakerSettings,
    operationId: resource.iid ?? `${method} ${resource.path}`,
    method,
    path: resource.path,
    matcher: compilePathTemplate(resource.path),
    statuses: resource.responses
      .map((response) => Number(response.code))
      .filter((code) => Number.isInteger(code)),
    successStatus: successStatusOf(resource.responses),
    requestMediaTypes: (resource.request?.body?.contents ?? []).map((c) => c.mediaType),
    bodyRequired: resource.request?.body?.required === true,
    security: (resource.security ?? []).map((alternative) => alternative.map(toSecurityScheme)),
    resource,
    extensions: resource.extensions ?? {},
  };
}

/**
 * The operation as compileOperation gives it, with what routing reads (method, path, id) taken
 * from the document and the rest from Prism's model, converted the first time any of it is read:
 * a request converts the operations it reaches (docs/design.md#start-up).
 *
 * @example
 * const op = lazyOperation(source); // nothing converted
 * op.statuses; // [201, 400]: converted now, once
 */
export function lazyOperation(
  source: OperationSource,
  errorStyle: ErrorStyle = 'error-message',
  fakerSettings: FakerSettings = {},
): ContractOperation {
  // The first read converts the operation and turns every converted field into a plain value,
  // so requests after it read data properties, not getters.
  const convert = (): void => {
    const compiled = compileOperation(source.convert(), errorStyle, fakerSettings);
    for (const name of convertedFields) {
      Object.defineProperty(routed, name, { enumerable: true, value: compiled[name] });
    }
  };
  const method = source.method.toUpperCase();
  const routed = {
    errorStyle,
    fakerSettings,
    operationId: source.operationId ?? `${method} ${source.path}`,
    method,
    path: source.path,
    matcher: compilePathTemplate(source.path),
    extensions: source.extensions,
  };
  for (const name of convertedFields) {
    Object.defineProperty(routed, name, {
      enumerable: true,
      configurable: true,
      get: () => {
        convert();
        return (routed as ContractOperation)[name];
      },
    });
  }
  return routed as ContractOperation;
}

// What lazyOperation reads from Prism's model, when first asked for.
const convertedFields = [
  'statuses',
  'successStatus',
  'requestMediaTypes',
  'bodyRequired',
  'security',
  'resource',
] as const;

/**
 * The status a request gets when it asks for none: the lowest 2XX declared (a `2XX` range as
 * 200), else 200 from `default`, else the first declared, as Prism picks it.
 *
 * @example
 * successStatusOf([{ id: 'r1', code: '201', headers: [], contents: [] }]); // 201
 */
export function successStatusOf(responses: IHttpOperation['responses']): number {
  const success = responses
    .map((r) => r.code.toUpperCase())
    .filter((code) => /^2(\d\d|XX)$/.test(code))
    .sort()[0];
  if (success !== undefined) return success === '2XX' ? 200 : Number(success);
  if (responses.some((r) => r.code === 'default')) return 200;
  const first = responses[0]?.code.toUpperCase() ?? '200';
  return /^\dXX$/.test(first) ? Number(`${first.charAt(0)}00`) : Number(first) || 200;
}

function compilePathTemplate(template: string): RegExp {
  const pattern = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : literalPattern(part)))
    .join('');
  return new RegExp(`^${pattern}/?$`);
}

/**
 * A literal part of a path template as a pattern: a character a client must percent-encode
 * (a space, `>`, `|`, `%`, any non-ASCII) matches as it is written or encoded, in either case of
 * hex digits, as Prism routes `/test%20path` to `/test path`.
 */
function literalPattern(part: string): string {
  let pattern = '';
  for (const char of part) {
    const escaped = char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const encoded = /[A-Za-z0-9\-._~/]/.test(char) ? char : encodeURIComponent(char);
    if (encoded === char) {
      pattern += escaped;
      continue;
    }
    const anyCase = encoded.replace(/[A-F]/g, (hex) => `[${hex}${hex.toLowerCase()}]`);
    pattern += `(?:${escaped}|${anyCase})`;
  }
  return pattern;
}

function toSecurityScheme(scheme: HttpSecurityScheme): SecurityScheme {
  if (scheme.type === 'http' && scheme.scheme.toLowerCase() === 'bearer') {
    return { kind: 'bearer', name: scheme.key };
  }
  if (scheme.type === 'http' && scheme.scheme.toLowerCase() === 'basic') {
    return { kind: 'basic', name: scheme.key };
  }
  if (scheme.type === 'http') {
    // Digest and other HTTP schemes: the Authorization header names the scheme.
    return { kind: 'http', name: scheme.key, scheme: scheme.scheme };
  }
  if (scheme.type === 'apiKey') {
    return { kind: 'apiKey', name: scheme.key, in: scheme.in, key: scheme.name };
  }
  return { kind: 'other', name: scheme.key };
}
