import { readFile } from 'node:fs/promises';
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
