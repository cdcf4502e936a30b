import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import { prismHttpCheckedVersion, prismPrivatePaths } from '../../src/contract/prism-internals.ts';

// The mock shares a few of Prism's private modules so that it decides as Prism does. An upgrade
// of @stoplight/prism-http may move them; this test says which one, before any request does.
const require = createRequire(import.meta.url);
const expectedExports: Record<keyof typeof prismPrivatePaths, string[]> = {
  validator: ['validateInput', 'validateOutput'],
  negotiatorHelpers: ['findBestHttpContentByMediaType'],
  requiredProperties: ['stripReadOnlyProperties', 'stripWriteOnlyProperties'],
  dateTime: ['compareDateTime', 'date_time', 'fmtDef'],
  validatorUtils: ['validateAgainstSchema'],
};

it.each(Object.entries(prismPrivatePaths))(
  "finds Prism's private module %s, with the functions the mock calls",
  (name, path) => {
    const loaded = require(path) as Record<string, unknown>;
    for (const exported of expectedExports[name as keyof typeof prismPrivatePaths]) {
      expect(typeof loaded[exported], `${path} exports ${exported}`).toBe('function');
    }
  },
);

it('runs on the @stoplight/prism-http version the private paths were checked against', () => {
  const { version } = require('@stoplight/prism-http/package.json') as { version: string };
  expect(
    version.startsWith(`${prismHttpCheckedVersion}.`),
    `@stoplight/prism-http ${version}: check the paths in src/contract/prism-internals.ts, then update prismHttpCheckedVersion`,
  ).toBe(true);
});
