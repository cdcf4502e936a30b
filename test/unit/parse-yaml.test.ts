import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { expect, it } from 'vitest';
import { parseYaml } from '../../src/contract/parse-yaml.ts';

const failure = (text: string): string => {
  try {
    parseYaml(text);
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
};

it.each([
  ['a block mapping', 'a: 1\nb:\n  c: 1\n  d: 2\n  c: 3\n', 5, 3],
  ['a flow mapping', 'a: {b: 1, b: 2}', 1, 11],
  ['quoted and plain spellings of one key', 'paths: 1\n"paths": 2\n', 2, 1],
  ['a string and a number that are one JSON key', "'1': a\n1: b\n", 2, 1],
])('refuses a repeated key in %s, saying where, as yaml does', (_, text, line, column) => {
  expect(failure(text)).toBe(`Map keys must be unique at line ${line}, column ${column}`);
});

it.each([
  ['numbers with underscores and leading zeros', 'a: 1_000\nb: 017\nc: 0o17\nd: 0x1F\ne: .inf'],
  ['dates, which stay strings', 'a: 2020-01-01\nb: 2020-01-01T10:00:00Z'],
  ['booleans and nulls of YAML 1.2 only', 'a: yes\nb: on\nc: True\nd: ~\ne: Null'],
  ['shared anchors', 'a: &x {b: 1}\nc: *x\nd: [*x, *x]'],
])('reads %s as yaml does (YAML 1.2 core schema)', (_, text) => {
  expect(parseYaml(text)).toEqual(parse(text) as unknown);
});

it('says what is wrong and where for a syntax error, in one line', () => {
  expect(failure('a: b: c')).toBe('bad indentation of a mapping entry at line 1, column 5');
});

it("gives the Plant Store's contract as yaml's parse does", () => {
  const text = readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8');
  expect(parseYaml(text)).toEqual(parse(text) as unknown);
});

it('finds a repeated key among 5,000 paths', () => {
  const paths = Array.from({ length: 5_000 }, (_, k) => `  /r${k}: {}`);
  const text = `paths:\n${paths.join('\n')}\n  /r7: {}\n`;
  expect(failure(text)).toBe('Map keys must be unique at line 5002, column 3');
});

it('refuses aliases that expand the document past a hundredfold, as yaml does', () => {
  const level = (name: string, of: string) =>
    `${name}: &${name} [${Array(10).fill(`*${of}`).join(', ')}]`;
  const text = [
    'a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]',
    level('b', 'a'),
    level('c', 'b'),
    level('d', 'c'),
    level('e', 'd'),
  ].join('\n');
  expect(failure(text)).toMatch(/aliases expand it more than 100-fold/);
  expect(() => parse(text) as unknown).toThrow(/resource exhaustion/);
});

it('refuses an alias inside its own anchor', () => {
  expect(failure('a: &x\n  b: *x\n')).toMatch(/alias refers to a node that holds it/);
});
