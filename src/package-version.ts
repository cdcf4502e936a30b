import { readFileSync } from 'node:fs';
import { packageFile } from './package-file.ts';

/** This package's version, from its package.json. */
export const packageVersion = (
  JSON.parse(readFileSync(packageFile('package.json'), 'utf8')) as {
    version: string;
  }
).version;
