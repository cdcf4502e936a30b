import type { IHttpOperationResponse } from '@stoplight/types';
import { declaredResponse } from '../contract/choose-response.ts';
import type { ContractOperation } from '../contract/contract-operation.ts';
import type { EngineResponse } from '../contract/engine-messages.ts';
import { staticSample } from '../contract/static-sample.ts';
import { validateResponse } from './prism-engine.ts';

type Faker = typeof import('json-schema-faker');

// The error bodies whose sample breaks their schema, mended once per declared response.
const mended = new WeakMap<IHttpOperationResponse, Record<string, unknown>>();

/**
 * The body violations of an answer against the operation's declared response for its status.
 *
 * @example
 * bodyViolations(createTodo, { status: 400, headers, body: { code: 'string' } }); // [{ location: 'body/code', ... }]
 */
export function bodyViolations(operation: ContractOperation, response: EngineResponse) {
  return validateResponse(operation, response).filter(
    (v) => v.location === 'body' || v.location.startsWith('body/'),
  );
}

/**
 * The body an error answer starts from: the declared example, else a sample of the schema; where
 * that sample breaks the schema (Prism's sampler writes `string` whatever the `pattern`), the
 * fields it gets wrong faked to fit, as prepareErrorSamples made them at load.
 *
 * @example
 * errorSample(createTodo, 400)?.response.body; // { code: 'AO__', title: 'string', detail: 'string' }
 */
export function errorSample(operation: ContractOperation, status: number) {
  const declared = staticSample(operation, { status });
  if (!declared.ok) return undefined;
  const response = declaredResponse(operation, status);
  const body = response === undefined ? undefined : mended.get(response);
  return body === undefined ? declared : { ...declared, response: { ...declared.response, body } };
}

/**
 * Mends, at load, each declared error response whose sample breaks its schema (see errorSample);
 * json-schema-faker is loaded only when one does.
 *
 * @example
 * await prepareErrorSamples(contract.operations);
 */
export async function prepareErrorSamples(operations: readonly ContractOperation[]): Promise<void> {
  let faker: Faker | undefined;
  for (const operation of operations) {
    for (const response of operation.resource.responses) {
      const status = statusOf(operation, response);
      if (status === undefined) continue;
      const sample = staticSample(operation, { status });
      if (!sample.ok || sample.example !== undefined || !isRecord(sample.response.body)) continue;
      const broken = bodyViolations(operation, sample.response);
      const schema = response.contents?.find(
        (c) => c.mediaType === sample.response.mediaType,
      )?.schema;
      if (broken.length === 0 || schema === undefined) continue;
      faker ??= await import('json-schema-faker');
      const fake = faker.generateSync(schema as Parameters<Faker['generateSync']>[0], {
        seed: 1,
        optionalsProbability: 0,
      });
      if (!isRecord(fake)) continue;
      const body = { ...sample.response.body };
      for (const { location } of broken) {
        const field = location.split('/')[1];
        if (field !== undefined && Object.hasOwn(fake, field)) body[field] = fake[field];
      }
      const fits = (b: Record<string, unknown>) =>
        bodyViolations(operation, { ...sample.response, body: b }).length === 0;
      if (fits(body)) mended.set(response, body);
      else if (fits(fake)) mended.set(response, fake);
    }
  }
}

// An error status the response answers (`404`; `4XX` and `default` as the first status they
// answer), or undefined for a success.
function statusOf(
  operation: ContractOperation,
  response: IHttpOperationResponse,
): number | undefined {
  const code = response.code.toUpperCase();
  if (/^[45]\d\d$/.test(code)) return Number(code);
  if (!/^([45]XX|DEFAULT)$/.test(code)) return undefined;
  for (let status = 400; status < 600; status++) {
    if (declaredResponse(operation, status) === response) return status;
  }
  return undefined;
}

/**
 * Whether a value is a JSON object (not an array, not null).
 *
 * @example
 * isRecord({ code: 'X' }); // true
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
