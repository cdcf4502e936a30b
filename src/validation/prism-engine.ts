import type { IPrismDiagnostic } from '@stoplight/prism-core';
import { DiagnosticSeverity, type HttpMethod } from '@stoplight/types';
import * as E from 'fp-ts/lib/Either.js';
import { declaredResponse } from '../contract/choose-response.ts';
import type { ContractOperation } from '../contract/contract-operation.ts';
import { prismValidator } from '../contract/prism-internals.ts';
import type { Violation } from '../contract/violation.ts';
import type { EngineRequest, EngineResponse } from '../contract/engine-messages.ts';
import { fastPathOf } from './compile-fast-path.ts';

/**
 * Checks a request against its operation (body, query, headers, path) as Prism's validator does:
 * with the checks compiled on the operation's first request where they cover it, else with Prism itself.
 *
 * @example
 * validateRequest(operation, { method: 'POST', path: '/plants', query: {}, headers, body: { name: 5 } });
 * // [{ location: 'body', message: "must have required property 'id'" }, { location: 'body/name', message: 'must be string' }]
 */
export function validateRequest(operation: ContractOperation, request: EngineRequest): Violation[] {
  const violations =
    fastPathOf(operation).validateRequest?.(request) ??
    validateRequestWithPrism(operation, request);
  // Prism takes a JSON null for no body at all; the client did send one.
  return request.body === null
    ? violations.map((v) =>
        v.location === 'body' && v.message.startsWith('is required')
          ? nullBodyViolation(operation)
          : v,
      )
    : violations;
}

/** Prism's own request validation, always; the differential test compares the fast path with it. */
export function validateRequestWithPrism(
  operation: ContractOperation,
  request: EngineRequest,
): Violation[] {
  // A warning (a deprecated parameter) does not make the request invalid, as in Prism.
  return prismRequestDiagnostics(operation, request)
    .filter((d) => d.severity === DiagnosticSeverity.Error)
    .map(toViolation);
}

/**
 * What Prism's validator says of a request, warnings included, in its own terms.
 *
 * @example
 * prismRequestDiagnostics(createPlant, request)[0]?.message; // "Request body must have required property 'id'"
 */
export function prismRequestDiagnostics(
  operation: ContractOperation,
  request: EngineRequest,
): IPrismDiagnostic[] {
  const result = prismValidator().validateInput({
    resource: operation.resource,
    element: toPrismRequest(request),
  });
  return E.isLeft(result) ? result.left.map((d) => spelledAsDeclared(operation, d)) : [];
}

// Prism's validator lower-cases the names of path and query parameters, which are case-sensitive:
// a violation names the parameter as the contract spells it (`todoId`, not `todoid`).
function spelledAsDeclared(
  operation: ContractOperation,
  diagnostic: IPrismDiagnostic,
): IPrismDiagnostic {
  const [where, name, ...rest] = diagnostic.path ?? [];
  if ((where !== 'path' && where !== 'query') || typeof name !== 'string') return diagnostic;
  const declared = operation.resource.request?.[where]?.find(
    (p) => p.name !== name && p.name.toLowerCase() === name,
  )?.name;
  if (declared === undefined) return diagnostic;
  return {
    ...diagnostic,
    path: [where, declared, ...rest],
    message: diagnostic.message.replace(` ${name} `, ` ${declared} `),
  };
}

function nullBodyViolation(operation: ContractOperation): Violation {
  const schema = operation.resource.request?.body?.contents?.find((c) =>
    /json/i.test(c.mediaType),
  )?.schema;
  const describesObject =
    schema !== undefined &&
    (schema.type === 'object' || 'properties' in schema || 'allOf' in schema);
  return {
    location: 'body',
    message: describesObject ? 'must be object, got null' : 'must not be null',
  };
}

/** Checks a response against the operation's declared statuses, headers and schemas. */
export function validateResponse(
  operation: ContractOperation,
  response: EngineResponse,
): Violation[] {
  return (
    fastPathOf(operation).validateResponse?.(response) ??
    validateResponseWithPrism(operation, response)
  );
}

/** Prism's own response validation, always; the differential test compares the fast path with it. */
export function validateResponseWithPrism(
  operation: ContractOperation,
  response: EngineResponse,
): Violation[] {
  return prismResponseDiagnostics(operation, response).map(toViolation);
}

/**
 * What Prism's validator says of an answer, in its own terms.
 *
 * @example
 * prismResponseDiagnostics(createPlant, { status: 200, headers: {}, body: 5 })[0]?.message; // 'Response body must be object'
 */
export function prismResponseDiagnostics(
  operation: ContractOperation,
  response: EngineResponse,
): IPrismDiagnostic[] {
  const result = prismValidator().validateOutput({
    resource: operation.resource,
    element: { statusCode: response.status, headers: response.headers, body: response.body },
  });
  return E.isLeft(result) ? [...result.left] : [];
}

/** The JSON schema of a declared response, or undefined when the status has no JSON body. */
export function responseSchema(operation: ContractOperation, status: number): object | undefined {
  const response = declaredResponse(operation, status);
  const content = response?.contents?.find((c) => /json/i.test(c.mediaType));
  return content?.schema;
}

/** Names of the examples declared for a response status. */
export function exampleNames(operation: ContractOperation, status: number): string[] {
  const response = declaredResponse(operation, status);
  return (response?.contents ?? []).flatMap((c) => (c.examples ?? []).map((e) => e.key));
}

// A request in the shape Prism's validator takes.
function toPrismRequest(request: EngineRequest) {
  return {
    method: request.method.toLowerCase() as HttpMethod,
    url: { path: request.path, query: request.query },
    headers: request.headers,
    body: request.body,
  };
}

function toViolation(diagnostic: IPrismDiagnostic): Violation {
  const path = diagnostic.path ?? [];
  if (path.length === 0 && /^Body parameter is required/i.test(diagnostic.message)) {
    return { location: 'body', message: 'is required (the request has no body)' };
  }
  if (path.length === 0 && /status code/i.test(diagnostic.message)) {
    return { location: 'status', message: diagnostic.message };
  }
  if (path.length === 0 && /received media type/i.test(diagnostic.message)) {
    return { location: 'header/content-type', message: diagnostic.message };
  }
  const message = diagnostic.message
    .replace(
      /^(Request|Response) (body|query|header|path)( parameter| property)? ?(\S+ )?(?=must|should|is|has)/i,
      '',
    )
    .trim();
  return { location: path.length > 0 ? path.join('/') : 'request', message };
}
