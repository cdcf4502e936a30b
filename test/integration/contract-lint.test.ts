import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse } from 'yaml';
import { schemaErrors } from '../support/contract-schemas.ts';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

// Spectral's severities: 0 error, 1 warning, 2 information, 3 hint.
interface SpectralResult {
  code: string;
  message: string;
  path: string[];
  severity: number;
  source?: string;
}

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'plant-store-lint-'));
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

/** Lints a document with the project's ruleset; results go to a file, away from Spectral's chatter. */
async function lint(document: string): Promise<{ code: number | null; results: SpectralResult[] }> {
  const output = join(workDir, `${document.replace(/\W/g, '-')}.json`);
  const spectral = join(projectRoot, 'node_modules/.bin/spectral');
  const args = ['lint', document, '--ruleset', '.spectral.yaml', '--fail-severity', 'error'];
  const child = spawn(process.execPath, [spectral, ...args, '-f', 'json', '-o', output], {
    cwd: projectRoot,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  const text = await readFile(output, 'utf8').catch((cause: unknown) => {
    throw new Error(`Spectral wrote no results (exit ${String(code)}): ${stderr}`, { cause });
  });
  return { code, results: JSON.parse(text) as SpectralResult[] };
}

function describeResults(results: readonly SpectralResult[]): string[] {
  return results.map((r) => `${r.code} at ${r.path.join('.') || '(root)'}: ${r.message}`);
}

it.each(['openapi.yaml', 'fixtures/specs/todo-list.json'])(
  'lints %s with spectral:oas without an error',
  async (document) => {
    const { code, results } = await lint(document);
    expect(describeResults(results.filter((r) => r.severity === 0))).toEqual([]);
    expect(code).toBe(0);
  },
  60_000,
);

interface Media {
  schema: { $ref: string };
  examples: Record<string, { value: unknown }>;
}

// The facts of the contract that the service spec states, read straight from openapi.yaml.
const contract = parse(await readFile(join(projectRoot, 'openapi.yaml'), 'utf8')) as {
  openapi: string;
  jsonSchemaDialect: string;
  info: { version: string; license: { name: string; identifier?: string } };
  security: unknown;
  paths: Record<string, Record<string, unknown>>;
  components: {
    securitySchemes: Record<string, unknown>;
    schemas: Record<string, { required?: string[]; properties?: Record<string, unknown> }>;
  };
};
const createPlant = contract.paths['/plants']?.post as {
  operationId: string;
  requestBody: { required: boolean; content: Record<string, Media> };
  responses: Record<string, { content: Record<string, Media> }>;
};

it('declares OpenAPI 3.1.0, version 1.0.0, the MIT license and the 2020-12 dialect', () => {
  expect(contract.openapi).toBe('3.1.0');
  expect(contract.info.version).toBe('1.0.0');
  expect(contract.info.license.name).toBe('MIT');
  expect(contract.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
});

it('protects every operation with the bearerAuth HTTP bearer scheme', () => {
  expect(contract.security).toEqual([{ bearerAuth: [] }]);
  expect(contract.components.securitySchemes.bearerAuth).toMatchObject({
    type: 'http',
    scheme: 'bearer',
  });
});

it('has one operation, POST /plants createPlant, with a required NewPlant JSON body', () => {
  expect(Object.keys(contract.paths)).toEqual(['/plants']);
  expect(Object.keys(contract.paths['/plants'] ?? {})).toEqual(['post']);
  expect(createPlant.operationId).toBe('createPlant');
  expect(createPlant.requestBody.required).toBe(true);
  expect(Object.keys(createPlant.requestBody.content)).toEqual(['application/json']);
  expect(createPlant.requestBody.content['application/json']?.schema).toEqual({
    $ref: '#/components/schemas/NewPlant',
  });
});

it('answers 200 with a Plant and 400 with an Error, both as JSON', () => {
  expect(Object.keys(createPlant.responses)).toEqual(['200', '400']);
  expect(createPlant.responses['200']?.content['application/json']?.schema).toEqual({
    $ref: '#/components/schemas/Plant',
  });
  expect(createPlant.responses['400']?.content['application/json']?.schema).toEqual({
    $ref: '#/components/schemas/Error',
  });
});

it('requires error (int32) and message (string) in Error', () => {
  const error = contract.components.schemas.Error;
  expect(error?.required).toEqual(['error', 'message']);
  expect(error?.properties?.error).toMatchObject({ type: 'integer', format: 'int32' });
  expect(error?.properties?.message).toMatchObject({ type: 'string' });
});

it('requires id and name in NewPlant and leaves id out of Plant', () => {
  expect(schemaErrors('NewPlant', { id: 1, name: 'Fern' })).toEqual([]);
  expect(schemaErrors('NewPlant', { name: 'Fern' })).not.toEqual([]);
  expect(schemaErrors('NewPlant', { id: 1 })).not.toEqual([]);
  expect(contract.components.schemas.Plant?.required).toEqual(['name']);
  expect(Object.keys(contract.components.schemas.Plant?.properties ?? {})).not.toContain('id');
});

it('keeps the named examples the tests rely on, each valid against its schema', () => {
  const request = createPlant.requestBody.content['application/json']?.examples ?? {};
  const ok = createPlant.responses['200']?.content['application/json']?.examples ?? {};
  const bad = createPlant.responses['400']?.content['application/json']?.examples ?? {};
  const valuesOf = (examples: Media['examples']) =>
    Object.fromEntries(Object.entries(examples).map(([name, example]) => [name, example.value]));
  expect(valuesOf(request)).toEqual({
    monstera: { id: 1, name: 'Monstera', tag: 'tropical' },
    fern: { id: 2, name: 'Boston fern' },
  });
  expect(valuesOf(ok)).toEqual({
    monstera: { name: 'Monstera', tag: 'tropical' },
    fern: { name: 'Boston fern' },
  });
  expect(valuesOf(bad)).toEqual({
    missingName: { error: 400, message: "body: must have required property 'name'" },
  });
  for (const { value } of Object.values(request))
    expect(schemaErrors('NewPlant', value)).toEqual([]);
  for (const { value } of Object.values(ok)) expect(schemaErrors('Plant', value)).toEqual([]);
  for (const { value } of Object.values(bad)) expect(schemaErrors('Error', value)).toEqual([]);
});
