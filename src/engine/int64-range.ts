import type { ContractOperation } from './contract-operation.ts';
import type { Violation } from './violation.ts';

const int64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

/** An integer literal of a JSON body that does not fit in 64 bits, where it is and as written. */
export interface OutOfRange {
  path: string[];
  source: string;
}

type Reviver = (
  this: unknown,
  key: string,
  value: unknown,
  context?: { source?: string },
) => unknown;

/**
 * Parses JSON and notes every integer literal outside the int64 range. JavaScript numbers lose
 * such values (9223372036854775808 reads as 9223372036854775807 would), so only the text tells.
 *
 * @example
 * parseJsonNotingInt64('{"id": 9223372036854775808}').outOfRange; // [{ path: ['id'], source: '9223372036854775808' }]
 */
export function parseJsonNotingInt64(text: string): { value: unknown; outOfRange: OutOfRange[] } {
  const flagged = new Map<object, Map<string, string>>();
  const reviver: Reviver = function (key, value, context) {
    const source = context?.source;
    if (
      typeof value === 'number' &&
      Number.isInteger(value) &&
      !Number.isSafeInteger(value) &&
      source !== undefined
    ) {
      // 1e30 is an integer too; only plain digits can be compared exactly.
      const big = /^-?\d+$/.test(source) ? BigInt(source) : BigInt(value);
      if (big < int64.min || big > int64.max) {
        const holder = this as object;
        const keys = flagged.get(holder) ?? new Map<string, string>();
        keys.set(key, source);
        flagged.set(holder, keys);
      }
    }
    return value;
  };
  const value = (JSON.parse as (text: string, reviver: Reviver) => unknown)(text, reviver);
  if (flagged.size === 0) return { value, outOfRange: [] };
  const outOfRange: OutOfRange[] = [];
  const visit = (holder: unknown, path: string[]): void => {
    if (holder === null || typeof holder !== 'object') return;
    for (const [key, source] of flagged.get(holder) ?? [])
      outOfRange.push({ path: [...path, key], source });
    for (const [key, child] of Object.entries(holder)) visit(child, [...path, key]);
  };
  visit({ '': value }, []);
  return {
    value,
    outOfRange: outOfRange.map(({ path, source }) => ({ path: path.slice(1), source })),
  };
}

/**
 * Violations for out-of-range integers where the operation's request schema says `format: int64`.
 *
 * @example
 * int64Violations(createPlant, [{ path: ['id'], source: '9223372036854775808' }]);
 * // [{ location: 'body/id', message: 'must be within the int64 range, got 9223372036854775808' }]
 */
export function int64Violations(
  operation: ContractOperation,
  found: readonly OutOfRange[],
): Violation[] {
  const schema = operation.resource.request?.body?.contents?.find((c) =>
    /json/i.test(c.mediaType),
  )?.schema;
  return found
    .filter(
      ({ path }) =>
        schema !== undefined && formatsAt(schema as unknown as SchemaNode, path).includes('int64'),
    )
    .map(({ path, source }) => ({
      location: ['body', ...path].join('/'),
      message: `must be within the int64 range, got ${source}`,
    }));
}

interface SchemaNode {
  format?: unknown;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  additionalProperties?: SchemaNode | boolean;
  allOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
}

function formatsAt(node: SchemaNode, path: readonly string[]): unknown[] {
  const branches = [...(node.allOf ?? []), ...(node.anyOf ?? []), ...(node.oneOf ?? [])].flatMap(
    (branch) => formatsAt(branch, path),
  );
  const [head, ...rest] = path;
  if (head === undefined) return [node.format, ...branches];
  const additional =
    typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined;
  const child =
    node.properties?.[head] ?? (/^\d+$/.test(head) ? node.items : undefined) ?? additional;
  return [...(child === undefined ? [] : formatsAt(child, rest)), ...branches];
}
