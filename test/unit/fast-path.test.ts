import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadContract, type Contract } from '../../src/contract/load-contract.ts';
import { fastPathOf } from '../../src/validation/compile-fast-path.ts';
import { readOperations } from '../../src/contract/read-operations.ts';
import { staticSample } from '../../src/contract/static-sample.ts';
import {
  exampleNames,
  validateRequest,
  validateRequestWithPrism,
  validateResponse,
  validateResponseWithPrism,
} from '../../src/validation/prism-engine.ts';
import type { EngineRequest } from '../../src/contract/engine-messages.ts';
import { prismConfig } from '../support/prism-config.ts';

// The compiled checks stand in for Prism's validator on the hot path. Fed the same corpus, both
// must find the same violations, in the same order: then the server answers with the same status
// and the same Error body whichever decided.
const specs = {
  'Plant Store': fileURLToPath(new URL('../../openapi.yaml', import.meta.url)),
  'Todo List': fileURLToPath(new URL('../../fixtures/specs/todo-list.json', import.meta.url)),
};

const handPicked: unknown[] = [
  undefined,
  null,
  0,
  false,
  '',
  'Fern',
  42,
  [],
  [{ id: 1, name: 'x' }],
  {},
  { id: 1, name: 'Fern' },
  { id: 1, name: 'Fern', tag: 'green' },
  { id: '1', name: 'Fern' },
  { id: 1.5, name: 'Fern' },
  { id: 1, name: 5 },
  { id: 1, name: 'Fern', tag: 7 },
  { name: 'Fern' },
  { id: 1 },
  { id: null, name: null, tag: null },
  { id: 2 ** 53 + 1, name: 'x' },
  { id: -1, name: '' },
  { id: 1, name: 'Fern', extra: { deep: [1, 2] } },
  { id: 2 ** 63, name: 'x' },
  { title: 'Buy soil', done: false },
  { title: 5 },
  { done: 'yes' },
  { code: 1, detail: 'x' },
];

const statuses = [200, 201, 204, 400, 401, 404, 422, 500];
const contentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  undefined,
];

async function contracts(): Promise<[string, Contract][]> {
  return Promise.all(
    Object.entries(specs).map(
      async ([name, path]) => [name, await loadContract(path)] as [string, Contract],
    ),
  );
}

function requestFor(operation: Contract['operations'][number], body: unknown): EngineRequest {
  return {
    method: operation.method,
    path: operation.path.replace(/\{[^}]+\}/g, '1'),
    query: {},
    headers: { 'content-type': 'application/json' },
    body,
  };
}

describe("the compiled checks against Prism's validator", () => {
  it('find the same request violations for every operation and hand-picked body', async () => {
    for (const [, contract] of await contracts()) {
      for (const operation of contract.operations) {
        for (const body of handPicked) {
          const request = requestFor(operation, body);
          expect([operation.operationId, body, validateRequest(operation, request)]).toEqual([
            operation.operationId,
            body,
            patched(validateRequestWithPrism(operation, request), body),
          ]);
        }
      }
    }
  });

  it('find the same request violations for 1,000 generated bodies', async () => {
    const [[, plantStore]] = (await contracts()) as [[string, Contract]];
    const operation = plantStore.operations[0] as Contract['operations'][number];
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue(),
          fc.record(
            { id: fc.jsonValue(), name: fc.jsonValue(), tag: fc.jsonValue() },
            { requiredKeys: [] },
          ),
        ),
        (body) => {
          const request = requestFor(operation, body);
          expect(validateRequest(operation, request)).toEqual(
            patched(validateRequestWithPrism(operation, request), body),
          );
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('find the same response violations for every status, content type and body', async () => {
    let compared = 0;
    for (const [, contract] of await contracts()) {
      for (const operation of contract.operations) {
        for (const status of statuses) {
          for (const contentType of contentTypes) {
            for (const body of handPicked) {
              const response = {
                status,
                headers: contentType === undefined ? {} : { 'content-type': contentType },
                body,
              };
              expect([
                operation.operationId,
                status,
                contentType,
                body,
                validateResponse(operation, response),
              ]).toEqual([
                operation.operationId,
                status,
                contentType,
                body,
                validateResponseWithPrism(operation, response),
              ]);
              compared++;
            }
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(3_000);
  });

  it('are used for both contracts (else this test would compare Prism with itself)', async () => {
    for (const [, contract] of await contracts()) {
      for (const operation of contract.operations) {
        expect(fastPathOf(operation).validateResponse).toBeDefined();
        if (operation.method !== 'GET') expect(fastPathOf(operation).validateRequest).toBeDefined();
      }
    }
  });
});

// validateRequest reports a JSON null body as what it is; Prism's raw answer calls it missing.
function patched(violations: ReturnType<typeof validateRequestWithPrism>, body: unknown) {
  if (body !== null) return violations;
  return violations.map((v) =>
    v.location === 'body' && v.message.startsWith('is required')
      ? { location: 'body', message: 'must be object, got null' }
      : v,
  );
}

describe("the static answers against Prism's static mock", () => {
  it('give the same body for every operation, declared status and example, and fail alike', async () => {
    const { createInstance } = await import('@stoplight/prism-http');
    const { createLogger } = await import('@stoplight/prism-core');
    const prism = createInstance(prismConfig({ checkSecurity: false, validateRequest: false }), {
      logger: createLogger('test', { level: 'silent' }),
    });
    let compared = 0;
    for (const [, contract] of await contracts()) {
      for (const operation of contract.operations) {
        for (const status of operation.statuses) {
          for (const exampleKey of [
            undefined,
            ...exampleNames(operation, status),
            'no-such-example',
          ]) {
            const mock = {
              dynamic: false,
              mediaTypes: ['application/json'],
              code: status,
              ...(exampleKey === undefined ? {} : { exampleKey }),
            };
            const config = prismConfig({ mock, checkSecurity: false, validateRequest: false });
            const theirs = await prism.request(
              {
                method: operation.method.toLowerCase() as 'post',
                url: { path: operation.path },
                headers: {},
                body: undefined,
              },
              [operation.resource],
              config,
            )();
            const ours = staticSample(
              operation,
              exampleKey === undefined ? { status } : { status, exampleKey },
            );
            const label = [operation.operationId, status, exampleKey];
            if (theirs._tag === 'Left') {
              expect([label, ours.ok]).toEqual([label, false]);
            } else {
              expect([label, ours.ok && ours.response.body]).toEqual([
                label,
                theirs.right.output.body,
              ]);
            }
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(10);
  });
});

describe("the contract's operations against Prism's getHttpOperationsFromSpec", () => {
  it('are the same for both contracts', async () => {
    const { getHttpOperationsFromSpec } = await import('@stoplight/prism-http');
    const { readFile } = await import('node:fs/promises');
    const { parse } = await import('yaml');
    for (const path of Object.values(specs)) {
      const document = parse(await readFile(path, 'utf8')) as object;
      const ours = await readOperations(document);
      expect(ours.length).toBeGreaterThan(0);
      expect(ours).toEqual(await getHttpOperationsFromSpec(document));
    }
  });
});
