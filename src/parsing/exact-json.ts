import { exactInteger, mayHoldBigIntegers } from './parse-json-body.ts';

// JSON.rawJSON and JSON.isRawJSON (Node 21 and later) are not in TypeScript's ES2024 library.
const json = JSON as unknown as {
  rawJSON(text: string): object;
  isRawJSON(value: unknown): boolean;
  parse(
    text: string,
    reviver: (key: string, value: unknown, context?: { source?: string }) => unknown,
  ): unknown;
};

/**
 * Whether JSON text that JSON.stringify wrote may hold an integer past 2^53: it writes them in
 * plain digits, so only 16 digits in a row can.
 */
export const mayHoldWrittenBigIntegers = (text: string): boolean => /\d{16}/.test(text);

/**
 * Parses JSON text, keeping every integer past ±2^53 exact as a `JSON.rawJSON` value (written in
 * plain digits), which `JSON.stringify` writes back unchanged and `isDeepStrictEqual` compares by
 * its digits: the journal keeps ids 9007199254740993 and 9007199254740992 apart this way.
 *
 * @example
 * JSON.stringify(parseExactJson('{"id": 9007199254740993}')); // '{"id":9007199254740993}'
 */
export function parseExactJson(text: string): unknown {
  if (!mayHoldBigIntegers(text)) return JSON.parse(text) as unknown;
  try {
    return json.parse(text, (_key, value, context) => {
      if (typeof value !== 'number' || Number.isSafeInteger(value)) return value;
      const exact = context?.source === undefined ? undefined : exactInteger(context.source);
      return exact === undefined ? value : json.rawJSON(exact.toString());
    });
  } catch (error) {
    // Nested too deep for a reviver's recursion (the journal keeps no such body): read it plain.
    if (error instanceof RangeError) return JSON.parse(text) as unknown;
    throw error;
  }
}

/** Whether a value is an exact integer that parseExactJson kept. */
export const isExactInteger = (value: unknown): boolean => json.isRawJSON(value);

/** An exact integer as JSON.stringify writes it (`JSON.rawJSON`), from a bigint. */
const exactIntegerValue = (value: bigint): object => json.rawJSON(value.toString());

/**
 * Parses JSON text as a JavaScript caller wants it: integers past ±2^53 as bigints, exact.
 *
 * @example
 * parseJsonWithBigInts('{"id": 9007199254740993}'); // { id: 9007199254740993n }
 */
export function parseJsonWithBigInts(text: string): unknown {
  const parsed = parseExactJson(text);
  return isExactInteger(parsed) || (parsed !== null && typeof parsed === 'object')
    ? toBigInts(parsed)
    : parsed;
}

function toBigInts(value: unknown): unknown {
  if (isExactInteger(value)) return BigInt(JSON.stringify(value));
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = toBigInts(value[i]);
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) record[key] = toBigInts(record[key]);
  }
  return value;
}

/**
 * JSON.stringify that writes bigints as exact JSON integers (JSON.stringify itself throws on them).
 *
 * @example
 * stringifyWithBigInts({ id: 9007199254740993n }); // '{"id":9007199254740993}'
 */
export function stringifyWithBigInts(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? exactIntegerValue(item) : item,
  );
}
