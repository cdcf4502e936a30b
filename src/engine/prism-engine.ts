import { createLogger, type IPrismDiagnostic } from '@stoplight/prism-core';
import { createInstance, type IHttpConfig } from '@stoplight/prism-http';
import { validateInput, validateOutput } from '@stoplight/prism-http/dist/validator/index.js';
import type { HttpMethod } from '@stoplight/types';
import * as E from 'fp-ts/lib/Either.js';
import type { ContractOperation } from './contract-operation.ts';
import type { Violation } from './violation.ts';

/** A request as the engine sees it: lower-case header names, a parsed body. */
export interface EngineRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  body: unknown;
}

export interface EngineResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export type SampleResult = { ok: true; response: EngineResponse } | { ok: false; reason: string };

const silentLogger = createLogger('prism', { level: 'silent' });
const prism = createInstance(configFor({ dynamic: false }), { logger: silentLogger });

/**
 * Checks a request against its operation (body, query, headers, path) as Prism's validator does:
 * with the checks compiled at start-up where they cover the operation, else with Prism itself.
 *
 * @example
 * validateRequest(operation, { method: 'POST', path: '/plants', query: {}, headers, body: { name: 5 } });
 * // [{ location: 'body', message: "must have required property 'id'" }, { location: 'body/name', message: 'must be string' }]
 */
export function validateRequest(operation: ContractOperation, request: EngineRequest): Violation[] {
  const violations =
    operation.fast.validateRequest?.(request) ?? validateRequestWithPrism(operation, request);
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
  const result = validateInput({ resource: operation.resource, element: toPrismRequest(request) });
  return E.isLeft(result) ? result.left.map(toViolation) : [];
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
    operation.fast.validateResponse?.(response) ?? validateResponseWithPrism(operation, response)
  );
}

/** Prism's own response validation, always; the differential test compares the fast path with it. */
export function validateResponseWithPrism(
  operation: ContractOperation,
  response: EngineResponse,
): Violation[] {
  const result = validateOutput({
    resource: operation.resource,
    element: { statusCode: response.status, headers: response.headers, body: response.body },
  });
  return E.isLeft(result) ? result.left.map(toViolation) : [];
}

/**
 * Prism's static mock: the named example when one is asked for, else the first example, else a
 * deterministic sample of the schema. Built once per operation, status and example.
 */
export function sampleResponse(
  operation: ContractOperation,
  request: EngineRequest,
  choice: { status?: number; exampleKey?: string },
): Promise<SampleResult> {
  // A static answer depends only on the operation, the status and the example: Prism builds it
  // once and every later request reuses it.
  let cache = samples.get(operation);
  if (cache === undefined)
    samples.set(operation, (cache = new Map<string, Promise<SampleResult>>()));
  const key = `${choice.status ?? ''}\0${choice.exampleKey ?? ''}`;
  let sample = cache.get(key);
  if (sample === undefined) {
    sample = askPrismForSample(operation, request, choice);
    cache.set(key, sample);
  }
  return sample;
}

const samples = new WeakMap<ContractOperation, Map<string, Promise<SampleResult>>>();

async function askPrismForSample(
  operation: ContractOperation,
  request: EngineRequest,
  choice: { status?: number; exampleKey?: string },
): Promise<SampleResult> {
  const mock: IHttpConfig['mock'] = { dynamic: false, mediaTypes: ['application/json'] };
  if (choice.status !== undefined) mock.code = choice.status;
  if (choice.exampleKey !== undefined) mock.exampleKey = choice.exampleKey;
  // Without its callbacks: Prism would call the URLs they name, and a mock sends nothing out.
  const resource = { ...operation.resource, callbacks: [] };
  const result = await prism.request(toPrismRequest(request), [resource], configFor(mock))();
  if (E.isLeft(result)) {
    const error = result.left as Error & { detail?: string };
    return { ok: false, reason: error.detail ?? error.message };
  }
  const { statusCode, headers = {}, body } = result.right.output;
  return {
    ok: true,
    response: { status: statusCode, headers: lowerCaseKeys(headers), body: deepFreeze(body) },
  };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    Object.values(value).forEach(deepFreeze);
  }
  return value;
}

/** The JSON schema of a declared response, or undefined when the status has no JSON body. */
export function responseSchema(operation: ContractOperation, status: number): object | undefined {
  const response = operation.resource.responses.find((r) => r.code === String(status));
  const content = response?.contents?.find((c) => /json/i.test(c.mediaType));
  return content?.schema;
}

/** Names of the examples declared for a response status. */
export function exampleNames(operation: ContractOperation, status: number): string[] {
  const response = operation.resource.responses.find((r) => r.code === String(status));
  return (response?.contents ?? []).flatMap((c) => (c.examples ?? []).map((e) => e.key));
}

function configFor(mock: IHttpConfig['mock']): IHttpConfig {
  // Prism mutates the config it is given, so every call gets a fresh one.
  return {
    mock,
    checkSecurity: false,
    validateRequest: false,
    validateResponse: false,
    errors: false,
    upstreamProxy: undefined,
    isProxy: false,
  };
}

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

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}
