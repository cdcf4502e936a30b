import { readFileSync } from 'node:fs';

/** This package's version, from its package.json (one folder above both src/ and dist/). */
export const packageVersion = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;
