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
])('refuses a repeated key in %s, saying where, as yaml does', (_, text, line, column) => {
  expect(failure(text)).toBe(`Map keys must be unique at line ${line}, column ${column}`);
  expect(() => parse(text) as unknown).toThrow(
    `Map keys must be unique at line ${line}, column ${column}`,
  );
});

it('keeps keys that differ in type apart, as yaml does', () => {
  expect(parseYaml("'1': a\n1: b\n")).toEqual(parse("'1': a\n1: b\n") as unknown);
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
