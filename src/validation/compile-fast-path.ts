import type { IHttpOperation, IHttpOperationResponse, IMediaTypeContent } from '@stoplight/types';
import type { ContractOperation } from '../contract/contract-operation.ts';
import { compileSchemaCheck } from './compile-schema-check.ts';
import { isJsonMediaType, mediaTypeMatches } from '../contract/media-type.ts';
import type { Violation } from '../contract/violation.ts';

/** A request or response as the compiled checks see it: lower-case header names, parsed body. */
interface CheckedMessage {
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Checks compiled once per operation that decide as Prism's validator does, without its per-call
 * cost; undefined where only Prism checks (parameters, response headers, non-JSON bodies).
 */
export interface FastPath {
  validateRequest: ((request: CheckedMessage) => Violation[]) | undefined;
  validateResponse: ((response: CheckedMessage & { status: number }) => Violation[]) | undefined;
}

// Each operation's checks, compiled on first use; an operation of a replaced contract goes with it.
const compiled = new WeakMap<ContractOperation, FastPath>();

/** The operation's compiled checks, made on its first request. */
export function fastPathOf(operation: ContractOperation): FastPath {
  let fast = compiled.get(operation);
  if (fast === undefined) {
    const { resource } = operation;
    const bundle = (resource as { __bundled__?: unknown }).__bundled__;
    fast = {
      validateRequest: compileRequestCheck(resource, bundle),
      validateResponse: compileResponseCheck(resource, bundle),
    };
    compiled.set(operation, fast);
  }
  return fast;
}

function compileRequestCheck(
  resource: IHttpOperation,
  bundle: unknown,
): FastPath['validateRequest'] {
  const request = resource.request ?? {};
  const parameters = [request.headers, request.query, request.path, request.cookie].reduce(
    (count, list) => count + (list?.length ?? 0),
    0,
  );
  const contents = request.body?.contents ?? [];
  if (parameters > 0 || !contents.every((c) => isJsonMediaType(c.mediaType))) return undefined;
  const required = request.body?.required === true;
  const checks = compileContents(contents, 'request', bundle);
  return ({ headers, body }) => {
    // Prism takes any falsy body for no body at all.
    if (body === undefined || body === null || body === '' || body === 0 || body === false) {
      return required
        ? [{ location: 'body', message: 'is required (the request has no body)' }]
        : [];
    }
    return checks.length === 0 ? [] : pick(checks, headers['content-type']).check(body);
  };
}

function compileResponseCheck(
  resource: IHttpOperation,
  bundle: unknown,
): FastPath['validateResponse'] {
  const responses = resource.responses;
  const simple = responses.every(
    (r) =>
      (r.headers ?? []).length === 0 &&
      (r.contents ?? []).every((c) => isJsonMediaType(c.mediaType)),
  );
  if (!simple) return undefined;
  const compiled = responses.map((response) => ({
    response,
    checks: compileContents(response.contents ?? [], 'response', bundle),
  }));
  const codes = responses.map((r) => r.code).join(',');
  // The declared response of each status, found on its first answer: statuses are three digits.
  const foundByStatus = new Map<number, (typeof compiled)[number] | undefined>();
  return ({ status, headers, body }) => {
    let found = foundByStatus.get(status);
    if (found === undefined && !foundByStatus.has(status)) {
      found = findResponse(compiled, status);
      if (Number.isInteger(status) && status >= 100 && status <= 999)
        foundByStatus.set(status, found);
    }
    if (found === undefined) {
      return [
        {
          location: 'status',
          message: `Unable to match the returned status code with those defined in the document: ${codes}`,
        },
      ];
    }
    if (found.checks.length === 0) return [];
    const mediaType = headers['content-type'];
    const violations: Violation[] = [];
    if (
      mediaType === undefined ||
      !found.checks.some((c) => mediaTypeMatches(mediaType, c.mediaType))
    ) {
      const declared = found.checks.map((c) => c.mediaType);
      violations.push({
        location: 'header/content-type',
        message: `The received media type "${mediaType ?? ''}" does not match the one${declared.length > 1 ? 's' : ''} specified in the current response: ${declared.join(', ')}`,
      });
    }
    return [...violations, ...pick(found.checks, mediaType).check(body)];
  };
}

interface ContentCheck {
  mediaType: string;
  check: (value: unknown) => Violation[];
}

function compileContents(
  contents: readonly IMediaTypeContent[],
  side: 'request' | 'response',
  bundle: unknown,
): ContentCheck[] {
  return contents.map((content) => ({
    mediaType: content.mediaType,
    check:
      content.schema === undefined ? () => [] : compileSchemaCheck(content.schema, side, bundle),
  }));
}

// The content whose media type matches, else the first, as Prism picks it.
function pick(checks: readonly ContentCheck[], mediaType: string | undefined): ContentCheck {
  const first = checks[0] as ContentCheck;
  if (mediaType === undefined) return first;
  return checks.find((c) => mediaTypeMatches(mediaType, c.mediaType)) ?? first;
}

// Prism's order: exact codes, then `4XX`-style ranges, then `default`.
function findResponse<T extends { response: IHttpOperationResponse }>(
  compiled: readonly T[],
  status: number,
): T | undefined {
  return compiled
    .filter(
      ({ response }) =>
        response.code === 'default' ||
        new RegExp(`^${response.code.replace(/X/g, '\\d')}$`).test(String(status)),
    )
    .sort((a, b) =>
      a.response.code === 'default'
        ? 1
        : b.response.code === 'default'
          ? -1
          : a.response.code.split('X').length - b.response.code.split('X').length,
    )[0];
}
