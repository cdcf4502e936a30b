import { readFile } from 'node:fs/promises';
import { decycle } from '@stoplight/json';
import RefParser from '@stoplight/json-schema-ref-parser';
import { describe, expect, it } from 'vitest';
import { expandRefs } from '../../src/contract/expand-refs.ts';
import { parseYaml } from '../../src/contract/parse-yaml.ts';

const Parser = RefParser as unknown as new () => {
  dereference(schema: object, options: object): Promise<object>;
};

// What readOperations used for every document: json-schema-ref-parser, then decycle.
async function byTheLibraries(document: object): Promise<unknown> {
  const options = { resolve: { file: false, http: false } };
  return decycle(await new Parser().dereference(structuredClone(document), options));
}

const schema = (properties: object) => ({ type: 'object', properties });
const documents: Record<string, object> = {
  'a reference used twice': {
    paths: { a: { $ref: '#/defs/A' }, b: [{ $ref: '#/defs/A' }] },
    defs: { A: schema({ n: { type: 'integer' } }) },
  },
  'a schema that refers to itself': {
    paths: { a: { $ref: '#/defs/Tree' } },
    defs: { Tree: schema({ kids: { type: 'array', items: { $ref: '#/defs/Tree' } } }) },
  },
  'two schemas that refer to each other': {
    paths: { a: { $ref: '#/defs/A' }, b: { $ref: '#/defs/B' } },
    defs: { A: schema({ b: { $ref: '#/defs/B' } }), B: schema({ a: { $ref: '#/defs/A' } }) },
  },
  'a reference to a part of a schema and to an array item': {
    paths: { a: { $ref: '#/defs/A/properties/x' }, b: { $ref: '#/list/1' } },
    defs: { A: schema({ x: { type: 'string' } }) },
    list: [{ type: 'null' }, { type: 'boolean' }],
  },
  'escaped and percent-encoded pointers': {
    paths: { a: { $ref: '#/defs/a~1b~0c' }, b: { $ref: '#/defs/x%25y' } },
    defs: { 'a/b~c': { type: 'string' }, 'x%y': { type: 'number' } },
  },
  'a $ref that is no pointer, and a property named $ref': {
    paths: { a: { $ref: '#anchor' }, b: schema({ $ref: { type: 'string' } }) },
  },
};

describe('expandRefs', () => {
  it.each(Object.entries(documents))(
    'gives %s as json-schema-ref-parser and decycle do',
    async (_, document) => {
      const expanded = expandRefs(document);
      expect(expanded).toBeDefined();
      expect(expanded?.document).toEqual(await byTheLibraries(document));
    },
  );

  it.each([
    ['fixtures/specs/recursive-plant.json'],
    ['fixtures/specs/comment-thread.yaml'],
    ['fixtures/specs/public/swagger-petstore/openapi.yaml'],
    ['openapi.yaml'],
  ])('gives the contract %s as the libraries do', async (path) => {
    const text = await readFile(new URL(`../../${path}`, import.meta.url), 'utf8');
    const document = (path.endsWith('.json') ? JSON.parse(text) : parseYaml(text)) as object;
    expect(expandRefs(document)?.document).toEqual(await byTheLibraries(document));
  });

  it('says whether a reference is left: a cycle leaves one, plain references none', () => {
    expect(expandRefs(documents['a reference used twice'] ?? {})?.refsLeft).toBe(false);
    expect(expandRefs(documents['a schema that refers to itself'] ?? {})?.refsLeft).toBe(true);
  });

  it.each([
    ['a reference with siblings', { a: { $ref: '#/b', description: 'x' }, b: {} }],
    ['a reference to a reference', { a: { $ref: '#/b' }, b: { $ref: '#/c' }, c: {} }],
    ['a reference through a reference', { a: { $ref: '#/b/x' }, b: { $ref: '#/c' }, c: { x: {} } }],
    ['a reference to the root', { a: { $ref: '#' } }],
    ['a reference to nothing', { a: { $ref: '#/missing' } }],
    ['a reference to a string', { a: { $ref: '#/b' }, b: 'text' }],
  ])('leaves %s to the libraries', (_, document) => {
    expect(expandRefs(document)).toBeUndefined();
  });

  it('leaves the document as it is', () => {
    const document = documents['two schemas that refer to each other'] ?? {};
    const before = structuredClone(document);
    expandRefs(document);
    expect(document).toEqual(before);
  });
});
