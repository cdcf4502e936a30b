import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../src/contract/load-contract.ts';
import { readOperations } from '../../src/contract/read-operations.ts';
import { send, startTestServer } from '../support/mock-fetch.ts';

// Prism serves Swagger 2.0 documents and Postman collections through @stoplight/http-spec;
// teams point --spec at those too.
const specs = {
  swagger: fileURLToPath(new URL('../../fixtures/specs/seed-bank-swagger.yaml', import.meta.url)),
  postman: fileURLToPath(new URL('../../fixtures/specs/seed-bank-postman.json', import.meta.url)),
};

describe('contract documents other than OpenAPI 3', () => {
  it.each(Object.entries(specs))(
    'reads the %s document into the operations Prism reads from it',
    async (_, path) => {
      const { getHttpOperationsFromSpec } = await import('@stoplight/prism-http');
      const document = parse(await readFile(path, 'utf8')) as object;
      const ours = await readOperations(document);
      expect(ours.length).toBeGreaterThan(1);
      const theirs = await getHttpOperationsFromSpec(document);
      expect(withoutIds(ours)).toEqual(withoutIds(theirs));
    },
  );

  it('names a Swagger 2.0 contract by its title and a Postman collection by its name', async () => {
    expect((await loadContract(specs.swagger)).title).toBe('Seed Bank');
    expect((await loadContract(specs.postman)).title).toBe('Seed Bank (Postman)');
  });

  it.each(Object.entries(specs))('serves the %s document', async (_, spec) => {
    const server = await startTestServer({ spec });
    try {
      const answer = await send(`${server.url}/seeds`, { headers: { accept: 'application/json' } });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(expect.arrayContaining([{ name: 'Basil', grams: 12 }]));
    } finally {
      await server.close();
    }
  });

  it("serves a Swagger 2.0 document's paths under its basePath", async () => {
    const folder = await mkdtemp(join(tmpdir(), 'plant-store-base-path-'));
    const spec = join(folder, 'seed-bank-v1.yaml');
    const text = await readFile(specs.swagger, 'utf8');
    await writeFile(spec, text.replace(/^basePath: \/$/m, 'basePath: /v1/'));
    const server = await startTestServer({ spec });
    try {
      const json = { headers: { accept: 'application/json' } };
      const answer = await send(`${server.url}/v1/seeds`, json);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(expect.arrayContaining([{ name: 'Basil', grams: 12 }]));
      expect((await send(`${server.url}/seeds`, json)).status).toBe(404);
    } finally {
      await server.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});

// Postman collections get fresh random ids on every read.
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'id' && key !== 'iid')
      .map(([key, child]) => [key, withoutIds(child)]),
  );
}
