import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lazyOperation, type ContractOperation } from '../../src/contract/contract-operation.ts';
import { pathIndexOf } from '../../src/contract/path-index.ts';

// The index must route every path as testing every operation in routing order does: literal
// templates before templated ones (by their count of parameters), document order among equals.
const literal = fc.constantFrom('a', 'b', 'plants', 'v1', 'x.y', '~t', '');
const encoded = fc.constantFrom('test path', 'ü', 'a|b', '%41');
const parameter = fc.constantFrom('{id}', '{tenant}', '{a/b}', 'r{k}', '{id}.json');
const segment = fc.oneof(literal, literal, encoded, parameter, parameter);
const template = fc
  .tuple(
    fc.array(segment, { minLength: 1, maxLength: 4 }),
    fc.constantFrom('', '', '', '/'),
    fc.constantFrom('/', '/', '/', ''),
  )
  .map(([segments, end, start]) => `${start}${segments.join('/')}${end}`);

// A parameter's value: some that a literal segment also spells, some encoded, one empty.
const value = fc.constantFrom('7', 'a', 'plants', 'x.y', 'test%20path', 'r1', '');

// A path written from a template: parameters filled in, literals as written or encoded.
function pathFrom(text: string, values: readonly string[], encode: boolean): string {
  let next = 0;
  return text
    .split(/(\{[^}]+\})/)
    .map((part) => {
      if (part.startsWith('{')) return values[next++ % values.length] ?? '';
      return encode ? part.split('/').map(encodeURIComponent).join('/') : part;
    })
    .join('');
}

const contract = fc.uniqueArray(template, { minLength: 1, maxLength: 6 }).chain((templates) =>
  fc.record({
    operations: fc.array(
      fc.tuple(fc.constantFrom(...templates), fc.constantFrom('get', 'post', 'delete')),
      { minLength: 1, maxLength: 12 },
    ),
    paths: fc.array(
      fc.oneof(
        fc
          .tuple(fc.constantFrom(...templates), fc.array(value, { minLength: 1 }), fc.boolean())
          .map(([text, values, encode]) => pathFrom(text, values, encode)),
        fc
          .tuple(fc.constantFrom(...templates), fc.array(value, { minLength: 1 }))
          .map(([text, values]) => `${pathFrom(text, values, false)}/`),
        fc.array(value, { maxLength: 4 }).map((values) => `/${values.join('/')}`),
      ),
      { minLength: 1, maxLength: 6 },
    ),
  }),
);

const operationOf = ([path, method]: [string, string]): ContractOperation =>
  lazyOperation({
    method,
    path,
    operationId: undefined,
    extensions: {},
    convert: () => {
      throw new Error('Routing reads no model.');
    },
  });

describe('the path index', () => {
  it('gives every path the operations that match it, in routing order, on random contracts', () => {
    fc.assert(
      fc.property(contract, ({ operations, paths }) => {
        const ops = operations.map(operationOf);
        const parameters = (op: ContractOperation): number => op.path.split('{').length - 1;
        const routed = [...ops].sort((a, b) => parameters(a) - parameters(b));
        const index = pathIndexOf(ops);
        for (const path of paths) {
          // Each operation by its place in the document (reading one would convert it).
          const matching = (list: readonly ContractOperation[]): number[] =>
            list.filter((op) => op.matcher.test(path)).map((op) => ops.indexOf(op));
          expect(matching(index.candidates(path)), path).toEqual(matching(routed));
        }
      }),
      { numRuns: 3_000 },
    );
  });
});
