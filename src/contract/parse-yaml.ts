import { isMap, isScalar, LineCounter, parseDocument, visit, YAMLParseError } from 'yaml';

/**
 * A YAML document's value, as `yaml`'s `parse` gives it, refusing a mapping that repeats a key
 * (message and position as `yaml`'s own check words them). `yaml`'s own check compares each key
 * with every earlier one of its mapping, quadratic in a contract's `paths`; this one keeps a set
 * per mapping (docs/design.md).
 *
 * @example
 * parseYaml('a: 1\nb: 2'); // { a: 1, b: 2 }
 * parseYaml('a: 1\na: 2'); // throws YAMLParseError: Map keys must be unique at line 2, column 1
 */
export function parseYaml(text: string): unknown {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { uniqueKeys: false, lineCounter });
  const [error] = document.errors;
  if (error !== undefined) throw error;
  visit(document, {
    Map(_, map) {
      if (!isMap(map)) return;
      const keys = new Set<unknown>();
      for (const { key } of map.items) {
        // Scalars are equal by value, anything else (a mapping used as a key) by identity.
        const value: unknown = isScalar(key) ? key.value : key;
        if (!keys.has(value)) {
          keys.add(value);
          continue;
        }
        const at = isScalar(key) ? (key.range?.[0] ?? 0) : 0;
        const { line, col } = lineCounter.linePos(at);
        const message = `Map keys must be unique at line ${String(line)}, column ${String(col)}`;
        throw new YAMLParseError([at, at + 1], 'DUPLICATE_KEY', message);
      }
    },
  });
  return document.toJS();
}
