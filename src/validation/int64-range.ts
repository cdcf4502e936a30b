import type { ContractOperation } from '../contract/contract-operation.ts';
import type { BigInteger } from '../parsing/parse-json-body.ts';
import type { Violation } from '../contract/violation.ts';

const int64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

/**
 * Violations for out-of-range integers where the operation's request schema says `format: int64`.
 *
 * @example
 * int64Violations(createPlant, parseJsonBody('{"id": 9223372036854775808}').bigIntegers);
 * // [{ location: 'body/id', message: 'must be within the int64 range, got 9223372036854775808' }]
 */
export function int64Violations(
  operation: ContractOperation,
  found: readonly BigInteger[],
): Violation[] {
  if (found.length === 0) return [];
  const schema = operation.resource.request?.body?.contents?.find((c) =>
    /json/i.test(c.mediaType),
  )?.schema;
  return found
    .filter(({ exact }) => exact < int64.min || exact > int64.max)
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
