// re2js (RE2's linear-time engine, 151 KB minified) in the browser: loaded by loadRe2js() only for
// a contract with patterns or a request pattern with a `pathPattern` (see open-browser-mock).
// Until then the only patterns compiled are those of the JSON Schema meta-schemas Ajv checks a
// contract with (fixed, ours), which run on RegExp. Importers read the live binding.
import type { RE2JS as Engine } from 're2js';

const metaSchemaEngine = {
  LOOKBEHINDS: 0,
  translateRegExp: (pattern: string) => pattern,
  compile: (pattern: string) => new RegExp(pattern, 'u'),
};

export let RE2JS = metaSchemaEngine as unknown as typeof Engine;

/**
 * Loads re2js once, before a user's pattern is compiled.
 *
 * @example
 * await loadRe2js();
 */
export async function loadRe2js(): Promise<void> {
  ({ RE2JS } = await import('re2js'));
}
