import { readFileSync } from 'node:fs';
import { errorCatalogue } from 'plant-store-mock';
import { expect, it } from 'vitest';

const readme = readFileSync(new URL('../../docs/usage.md', import.meta.url), 'utf8');

it('keeps the error table of docs/usage.md in step with the error catalogue', () => {
  const section = readme.split('### Errors')[1]?.split('\n## ')[0] ?? '';
  const rows = [...section.matchAll(/^\| `([A-Z_]+)`\s*\| (\d{3})\s*\| (.+?)\s*\|$/gm)].map(
    ([, code, status, summary]) => [code, Number(status), summary],
  );
  const catalogue = Object.entries(errorCatalogue).map(([code, entry]) => [
    code,
    entry.status,
    entry.summary,
  ]);
  expect(rows).toEqual(catalogue);
});
