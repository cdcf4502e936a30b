import { sample, SchemaSizeExceededError } from '@stoplight/json-schema-sampler';
import { refersToBundle, unrollRefs } from './unroll-refs.ts';
import type { EngineResponse } from './engine-messages.ts';
import type { IHttpOperationResponse } from '@stoplight/types';
import { chooseResponse, type ResponseChoice } from './choose-response.ts';
import type { ContractOperation } from './contract-operation.ts';

export type SampleResult =
  /** `example`: the key of the declared example that is the body; undefined for a sample. */
  | { ok: true; response: EngineResponse; example: string | undefined }
  | { ok: false; reason: string; status?: 404 | 406 };

/**
 * A static answer as Prism's static mock builds it: the declared response for the status (its
 * range, or `default`), the content `accept` asks for, the named example when one is asked for,
 * else the first example, else a deterministic sample of the schema (Prism's own sampler), with
 * the declared response headers. Built once per operation, status, example and content.
 *
 * @example
 * staticSample(createPlant, { status: 200 }); // { ok: true, response: { status: 200, body: { name: 'Monstera', tag: 'tropical' } } }
 * staticSample(createPlant, { status: 200, exampleKey: 'nope' }); // { ok: false, reason: '...exampleKey: nope does not exist.' }
 */
export function staticSample(
  operation: ContractOperation,
  choice: { status: number; exampleKey?: string; accept?: string | undefined },
): SampleResult {
  const chosen = chooseResponse(operation, choice.status, choice.accept);
  if (!chosen.ok) return { ok: false, reason: chosen.reason, status: chosen.status };
  let byStatus = samples.get(operation);
  if (byStatus === undefined)
    samples.set(operation, (byStatus = new Map<number, Map<string, SampleResult>>()));
  let cache = byStatus.get(choice.status);
  if (cache === undefined) byStatus.set(choice.status, (cache = new Map<string, SampleResult>()));
  // Keyed by the content chosen, not by the Accept header: clients choose that text freely.
  const mediaType = chosen.content?.mediaType ?? '';
  const key = choice.exampleKey === undefined ? mediaType : `${mediaType}\0${choice.exampleKey}`;
  let result = cache.get(key);
  if (result === undefined) {
    result = buildSample(operation, choice.status, choice.exampleKey, chosen);
    cache.set(key, result);
  }
  return result;
}

// Per operation and status, by content and example.
const samples = new WeakMap<ContractOperation, Map<number, Map<string, SampleResult>>>();

function buildSample(
  operation: ContractOperation,
  status: number,
  exampleKey: string | undefined,
  { response, content, mediaType }: Extract<ResponseChoice, { ok: true }>,
): SampleResult {
  const headers = declaredHeaders(response, operation);
  const answer = (body: unknown, example?: string): SampleResult => ({
    ok: true,
    example,
    response: {
      status,
      headers: mediaType === undefined ? headers : { ...headers, 'content-type': mediaType },
      body: deepFreeze(body),
      ...(mediaType === undefined ? {} : { mediaType }),
    },
  });
  if (content === undefined) return answer(undefined);
  const examples = content.examples ?? [];
  const example =
    exampleKey === undefined ? examples[0] : examples.find((e) => e.key === exampleKey);
  if (exampleKey !== undefined && example === undefined) {
    return {
      ok: false,
      status: 404,
      reason: `Response for contentType: ${content.mediaType} and exampleKey: ${exampleKey} does not exist.`,
    };
  }
  if (example !== undefined && 'value' in example && example.value !== undefined) {
    return answer(example.value, example.key);
  }
  if (content.schema === undefined) return answer(undefined);
  try {
    return answer(
      sample(finiteSchema(content.schema, operation), { ticks: 2500 }, operation.resource),
    );
  } catch (error) {
    const tooComplex = error instanceof SchemaSizeExceededError;
    return {
      ok: false,
      reason: tooComplex
        ? 'Unable to generate body for response. The schema is too complex to generate.'
        : (error as Error).message,
    };
  }
}

// A recursive schema's cycles point at `#/__bundled__/...`, where Prism's sampler cuts them with
// `{}`: kept at Prism's depth, and `{}` kept where the schema takes it; where `{}` would break it
// (a required `name` missing), the cut takes the way out instead (a `null` child, no offshoots,
// no optional parent). As it is when it has no finite form, and when it is not recursive itself.
function finiteSchema(schema: object, operation: ContractOperation): object {
  const bundle = (operation.resource as { __bundled__?: unknown }).__bundled__;
  if (bundle === undefined || !refersToBundle(schema)) return schema;
  return unrollRefs(schema, bundle, 'omit', 'prism') ?? schema;
}

// The response headers the contract declares, by their first example, else a sample of their
// schema (as Prism's static mock fills them); headers with neither are left out.
function declaredHeaders(
  response: IHttpOperationResponse,
  operation: ContractOperation,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const header of response.headers ?? []) {
    const example = header.examples?.[0];
    let value: unknown = example !== undefined && 'value' in example ? example.value : undefined;
    if (value === undefined && header.schema !== undefined) {
      try {
        value = sample(header.schema, { ticks: 250 }, operation.resource);
      } catch {
        value = undefined;
      }
    }
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      headers[header.name.toLowerCase()] = String(value);
    }
  }
  return headers;
}

// Cached answers are shared by every request that gets them: nothing may change them.
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    Object.values(value).forEach(deepFreeze);
  }
  return value;
}
