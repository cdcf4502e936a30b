import { CORE_SCHEMA, load, YAMLException } from 'js-yaml';

/** How many times its own size a document may grow when its aliases are expanded. */
export const maxAliasExpansion = 100;

/**
 * A YAML document's value (YAML 1.2's core schema: no timestamps or other implicit types),
 * refusing a mapping that repeats a key and a document whose aliases expand it more than
 * `maxAliasExpansion`-fold or refer to themselves. Messages say what and where in one line.
 *
 * @example
 * parseYaml('a: 1\nb: 2'); // { a: 1, b: 2 }
 * parseYaml('a: 1\na: 2'); // throws SyntaxError: Map keys must be unique at line 2, column 1
 */
export function parseYaml(text: string): unknown {
  let value: unknown;
  try {
    value = load(text, { schema: CORE_SCHEMA });
  } catch (cause) {
    if (!(cause instanceof YAMLException)) throw cause;
    throw new SyntaxError(messageOf(cause), { cause });
  }
  // An alias needs an anchor: a document without `&` has no shared nodes to check.
  if (text.includes('&')) checkAliases(value);
  return value;
}

function messageOf({ reason, mark }: YAMLException): string {
  const what = reason === 'duplicated mapping key' ? 'Map keys must be unique' : reason;
  if (mark === undefined) return what;
  return `${what} at line ${String(mark.line + 1)}, column ${String(mark.column + 1)}`;
}

interface Visit {
  node: object;
  children: object[];
  next: number;
  size: number;
}

// The walkers after the parse copy a node once for each path to it, so the expanded size is
// what they pay: counted with a size per distinct node, iteratively (any depth).
function checkAliases(root: unknown): void {
  if (root === null || typeof root !== 'object') return;
  const sizes = new Map<object, number>();
  const onPath = new Set<object>();
  const stack: Visit[] = [];
  let distinct = 0;
  const enter = (node: object): void => {
    const values: unknown[] = Object.values(node);
    const children = values.filter(
      (child): child is object => child !== null && typeof child === 'object',
    );
    distinct += 1 + values.length;
    onPath.add(node);
    stack.push({ node, children, next: 0, size: 1 + values.length });
  };
  enter(root);
  for (let top = stack.at(-1); top !== undefined; top = stack.at(-1)) {
    const child = top.children[top.next++];
    if (child !== undefined) {
      const known = sizes.get(child);
      if (known !== undefined) top.size += known;
      else if (onPath.has(child)) {
        throw new SyntaxError('an alias refers to a node that holds it, a cycle JSON cannot hold');
      } else enter(child);
      continue;
    }
    stack.pop();
    onPath.delete(top.node);
    sizes.set(top.node, top.size);
    const parent = stack.at(-1);
    if (parent !== undefined) parent.size += top.size;
  }
  if ((sizes.get(root) ?? 0) > maxAliasExpansion * distinct + 1_000) {
    throw new SyntaxError(
      `its aliases expand it more than ${String(maxAliasExpansion)}-fold, as a resource exhaustion attack does`,
    );
  }
}
