/** An integer of a JSON body beyond ±2^53, which a JavaScript number cannot hold exactly. */
export interface BigInteger {
  path: string[];
  /** As written in the body. */
  source: string;
  /** Its exact value. */
  exact: bigint;
}

type Reviver = (
  this: unknown,
  key: string,
  value: unknown,
  context?: { source?: string },
) => unknown;

/** Whether JSON text may hold an integer past ±2^53: only 16 digits in a row or an exponent can. */
export const mayHoldBigIntegers = (text: string): boolean => /\d{16}|\d[eE][+-]?\d/.test(text);

/**
 * Parses a JSON body, and notes every integer too large for a JavaScript number exactly as it
 * was written (9223372036854775807 and 9223372036854775808 read as the same number).
 *
 * @example
 * parseJsonBody('{"id": 9223372036854775808}').bigIntegers;
 * // [{ path: ['id'], source: '9223372036854775808', exact: 9223372036854775808n }]
 */
export function parseJsonBody(text: string): { value: unknown; bigIntegers: BigInteger[] } {
  const value = JSON.parse(text) as unknown;
  if (!mayHoldBigIntegers(text)) return { value, bigIntegers: [] };
  const found = new Map<object, Map<string, { source: string; exact: bigint }>>();
  const reviver: Reviver = function (key, parsed, context) {
    const source = context?.source;
    if (
      typeof parsed === 'number' &&
      Math.abs(parsed) > Number.MAX_SAFE_INTEGER &&
      source !== undefined
    ) {
      const exact = exactInteger(source);
      if (exact !== undefined) {
        const holder = this as object;
        const keys = found.get(holder) ?? new Map<string, { source: string; exact: bigint }>();
        found.set(holder, keys.set(key, { source, exact }));
      }
    }
    return parsed;
  };
  let revived: unknown;
  try {
    revived = (JSON.parse as (text: string, reviver: Reviver) => unknown)(text, reviver);
  } catch {
    // Nested too deep for a reviver's recursion: the body stands, its big integers go unseen.
    return { value, bigIntegers: [] };
  }
  const bigIntegers: BigInteger[] = [];
  const visit = (holder: unknown, path: string[]): void => {
    if (holder === null || typeof holder !== 'object') return;
    for (const [key, integer] of found.get(holder) ?? [])
      bigIntegers.push({ path: [...path, key].slice(1), ...integer });
    for (const [key, child] of Object.entries(holder)) visit(child, [...path, key]);
  };
  visit({ '': revived }, []);
  return { value: revived, bigIntegers };
}

/** The exact integer a JSON number literal denotes (`9223372036854775807.0`, `92e17`), if it is one. */
export function exactInteger(source: string): bigint | undefined {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(source);
  if (match === null) return undefined;
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText) - fraction.length;
  if (Math.abs(exponent) > 400) return undefined;
  let digits = whole + fraction;
  if (exponent < 0) {
    const dropped = digits.slice(exponent);
    if (!/^0*$/.test(dropped)) return undefined;
    digits = digits.slice(0, exponent) || '0';
  }
  const magnitude = BigInt(digits) * 10n ** BigInt(Math.max(exponent, 0));
  return sign === '-' ? -magnitude : magnitude;
}
