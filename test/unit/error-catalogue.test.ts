import { readFileSync } from 'node:fs';
import { ConfigError, errorCatalogue } from 'plant-store-mock';
import { MockClientError, VerificationError } from 'plant-store-mock/client';
import { ContainerEngineError } from 'plant-store-mock/testcontainers';
import { MatcherUsageError } from 'plant-store-mock/vitest';
import { expect, it } from 'vitest';
import { PactMergeError } from '../../src/errors.ts';
import { UnsupportedPatternError } from '../../src/parsing/linear-regex.ts';

const readme = readFileSync(new URL('../../docs/usage.md', import.meta.url), 'utf8');

it('keeps the error table of docs/usage.md in step with the error catalogue', () => {
  const section = readme.split('### Errors')[1]?.split('\n## ')[0] ?? '';
  const rows = [...section.matchAll(/^\| `([A-Z_]+)`\s*\| (\d{3}|—)\s*\| (.+?)\s*\|$/gm)].map(
    ([, code, status, summary]) => [code, status === '—' ? undefined : Number(status), summary],
  );
  const catalogue = Object.entries(errorCatalogue).map(([code, entry]) => [
    code,
    entry.status,
    entry.summary,
  ]);
  expect(rows).toEqual(catalogue);
});

it('gives every error the API throws a code of the catalogue', () => {
  const thrown: Error[] = [
    new ConfigError('bad setting'),
    new PactMergeError('other parties'),
    new UnsupportedPatternError('(?=a)', 'uses a lookahead'),
    new ContainerEngineError(new Error('no engine')),
    new MockClientError('refused', { status: 400 }),
    new MatcherUsageError('not a MockClient'),
    new VerificationError({
      kind: 'count',
      session: 'default',
      patterns: [{ path: '/plants' }],
      result: {
        ok: false,
        count: 0,
        expected: 'exactly 1',
        nearMisses: [],
        dropped: 0,
        inconclusive: false,
      },
    }),
  ];
  for (const error of thrown) {
    expect(Object.keys(errorCatalogue), error.name).toContain((error as { code?: string }).code);
  }
});
