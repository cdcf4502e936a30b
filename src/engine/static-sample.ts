import { sample, SchemaSizeExceededError } from '@stoplight/json-schema-sampler';
import type { EngineResponse } from './prism-engine.ts';
import type { ContractOperation } from './contract-operation.ts';
import { isJsonMediaType } from './media-type.ts';

export type SampleResult = { ok: true; response: EngineResponse } | { ok: false; reason: string };

const jsonHeaders = { 'content-type': 'application/json' };

/**
 * A static answer as Prism's static mock builds it: the named example when one is asked for,
 * else the first example, else a deterministic sample of the schema (Prism's own sampler).
 * It depends only on the operation, the status and the example, so each is built once.
 *
 * @example
 * staticSample(createPlant, { status: 200 }); // { ok: true, response: { status: 200, body: { name: 'Monstera', tag: 'tropical' } } }
 * staticSample(createPlant, { status: 200, exampleKey: 'nope' }); // { ok: false, reason: '...exampleKey: nope does not exist.' }
 */
export function staticSample(
  operation: ContractOperation,
  choice: { status: number; exampleKey?: string },
): SampleResult {
  let cache = samples.get(operation);
  if (cache === undefined) samples.set(operation, (cache = new Map<string, SampleResult>()));
  const key = `${choice.status}\0${choice.exampleKey ?? ''}`;
  let result = cache.get(key);
  if (result === undefined) {
    result = buildSample(operation, choice.status, choice.exampleKey);
    cache.set(key, result);
  }
  return result;
}

const samples = new WeakMap<ContractOperation, Map<string, SampleResult>>();

function buildSample(
  operation: ContractOperation,
  status: number,
  exampleKey: string | undefined,
): SampleResult {
  const response = operation.resource.responses.find((r) => r.code === String(status));
  if (response === undefined) {
    return { ok: false, reason: `Requested status code ${status} is not defined in the document.` };
  }
  const content = (response.contents ?? []).find((c) => isJsonMediaType(c.mediaType));
  if (content === undefined)
    return { ok: true, response: { status, headers: {}, body: undefined } };
  const examples = content.examples ?? [];
  const example =
    exampleKey === undefined ? examples[0] : examples.find((e) => e.key === exampleKey);
  if (exampleKey !== undefined && example === undefined) {
    return {
      ok: false,
      reason: `Response for contentType: ${content.mediaType} and exampleKey: ${exampleKey} does not exist.`,
    };
  }
  if (example !== undefined && 'value' in example && example.value !== undefined) {
    return {
      ok: true,
      response: { status, headers: jsonHeaders, body: deepFreeze(example.value) },
    };
  }
  if (content.schema === undefined)
    return { ok: true, response: { status, headers: jsonHeaders, body: undefined } };
  try {
    const body = sample(content.schema, { ticks: 2500 }, operation.resource);
    return { ok: true, response: { status, headers: jsonHeaders, body: deepFreeze(body) } };
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

// Cached answers are shared by every request that gets them: nothing may change them.
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    Object.values(value).forEach(deepFreeze);
  }
  return value;
}
