import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformOas3Operation } from '@stoplight/http-spec/oas3/operation';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOpenApi, generateSwagger } from '../../bench/generate-contract.ts';
import { compileOperation, type ContractOperation } from '../../src/contract/contract-operation.ts';
import { expandRefs } from '../../src/contract/expand-refs.ts';
import { loadContract } from '../../src/contract/load-contract.ts';
import { operationSources, type TransformOne } from '../../src/contract/operation-sources.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'lazy-operations-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

// Everything the server reads of an operation, its getters run.
const served = (op: ContractOperation) => ({
  operationId: op.operationId,
  method: op.method,
  path: op.path,
  matcher: String(op.matcher),
  statuses: op.statuses,
  successStatus: op.successStatus,
  requestMediaTypes: op.requestMediaTypes,
  bodyRequired: op.bodyRequired,
  security: op.security,
  resource: op.resource,
  extensions: op.extensions,
  errorStyle: op.errorStyle,
});

describe("a contract's operations, converted when first read", () => {
  it('converts none at load, then each once, on its first read', async () => {
    const text = await readFile(generateOpenApi(root, folder, 120), 'utf8');
    const expanded = expandRefs(parse(text) as object)?.document ?? {};
    let conversions = 0;
    const counted: TransformOne = (input) => {
      conversions += 1;
      return (transformOas3Operation as TransformOne)(input);
    };
    const sources = operationSources(expanded, counted);
    expect(sources).toHaveLength(120);
    expect(conversions).toBe(0);
    expect(sources[7]?.convert()).toBe(sources[7]?.convert());
    expect(conversions).toBe(1);
  });

  it.each([
    ['the Plant Store', () => join(root, 'openapi.yaml')],
    ['a generated OpenAPI 3 contract', () => generateOpenApi(root, folder, 60)],
    ['a generated Swagger 2.0 contract', () => generateSwagger(folder, 40)],
    [
      'a contract with x-mock-resource',
      () => join(root, 'fixtures/specs/resources/overrides-openapi30.yaml'),
    ],
    ['a contract whose errors are problems', () => join(root, 'fixtures/specs/greenhouse.yaml')],
  ])("gives, for %s, each operation as Prism's reading of the whole document", async (_, spec) => {
    const { getHttpOperationsFromSpec } = await import('@stoplight/prism-http');
    const path = spec();
    const contract = await loadContract(path);
    const whole = (
      await getHttpOperationsFromSpec(parse(await readFile(path, 'utf8')) as object)
    ).map((resource) => compileOperation(resource, contract.errorStyle, {}));
    expect(contract.operations.map(served)).toEqual(whole.map(served));
  });

  const ok = { responses: { '200': { description: 'ok' } } };
  it.each([
    ['an operation that is null', { get: null }, 'bearer', 'Could not find paths//x/get'],
    [
      'a callback operation that is null',
      { get: { ...ok, callbacks: { c: { '/y': { post: null } } } } },
      'bearer',
      'Could not find paths//y/post',
    ],
    [
      'an HTTP security scheme whose scheme is no string',
      { get: ok },
      5,
      'toLowerCase is not a function',
    ],
  ])('still fails the load on %s', async (_, item, scheme, message) => {
    const spec = join(folder, 'broken.json');
    const document = {
      openapi: '3.0.3',
      info: { title: 'broken', version: '1' },
      paths: { '/x': item, '/z': { get: ok } },
      security: [{ token: [] }],
      components: { securitySchemes: { token: { type: 'http', scheme } } },
    };
    await writeFile(spec, JSON.stringify(document));
    await expect(loadContract(spec)).rejects.toThrow(message);
  });
});
