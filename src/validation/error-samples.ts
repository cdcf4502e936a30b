import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { IHttpOperationResponse } from '@stoplight/types';
import { declaredResponse } from '../contract/choose-response.ts';
import type { ContractOperation } from '../contract/contract-operation.ts';
import type { EngineResponse } from '../contract/engine-messages.ts';
import { staticSample } from '../contract/static-sample.ts';
import { isRecord } from '../parsing/is-record.ts';
import { validateResponse } from './prism-engine.ts';

type Faker = typeof import('json-schema-faker');
// Loaded only when a sample breaks its schema, synchronously: Node requires an ES module, found
// by its `import` condition (the package exports nothing else).
const require = createRequire(import.meta.url);
let faker: Faker | undefined;

// Each declared error response's mended body, or null where its sample needs no mending; made
// on the response's first error answer, so start-up does not grow with the contract's errors.
const mended = new WeakMap<IHttpOperationResponse, Record<string, unknown> | null>();

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
 * fields it gets wrong faked to fit (json-schema-faker, seed 1), once per declared response.
 *
 * @example
 * errorSample(createTodo, 400)?.response.body; // { code: 'AO__', title: 'string', detail: 'string' }
 */
export function errorSample(operation: ContractOperation, status: number) {
  const declared = staticSample(operation, { status });
  if (!declared.ok) return undefined;
  const response = declaredResponse(operation, status);
  if (response === undefined || declared.example !== undefined) return declared;
  let body = mended.get(response);
  if (body === undefined) {
    body = mend(operation, response, declared.response) ?? null;
    mended.set(response, body);
  }
  return body === null ? declared : { ...declared, response: { ...declared.response, body } };
}

function mend(
  operation: ContractOperation,
  response: IHttpOperationResponse,
  sample: EngineResponse,
): Record<string, unknown> | undefined {
  if (!isRecord(sample.body)) return undefined;
  const broken = bodyViolations(operation, sample);
  const schema = response.contents?.find((c) => c.mediaType === sample.mediaType)?.schema;
  if (broken.length === 0 || schema === undefined) return undefined;
  faker ??= require(fileURLToPath(import.meta.resolve('json-schema-faker'))) as Faker;
  const fake = faker.generateSync(schema as Parameters<Faker['generateSync']>[0], {
    seed: 1,
    optionalsProbability: 0,
  });
  if (!isRecord(fake)) return undefined;
  const body = { ...sample.body };
  for (const { location } of broken) {
    const field = location.split('/')[1];
    if (field !== undefined && Object.hasOwn(fake, field)) body[field] = fake[field];
  }
  const fits = (b: Record<string, unknown>) =>
    bodyViolations(operation, { ...sample, body: b }).length === 0;
  return fits(body) ? body : fits(fake) ? fake : undefined;
}
