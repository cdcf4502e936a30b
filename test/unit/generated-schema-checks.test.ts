import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { generatedSchemaChecks } from '../../scripts/build-schema-checks.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

// The checks ajv compiles at build time must be the ones it would compile now: a newer ajv, or
// a changed settings schema, makes this fail until `npm run build` writes them again.
it('keeps every generated schema check as the build writes it', () => {
  for (const [path, text] of generatedSchemaChecks()) {
    expect(readFileSync(`${root}${path}`, 'utf8'), `${path} is stale: run npm run build`).toBe(
      text,
    );
  }
});
