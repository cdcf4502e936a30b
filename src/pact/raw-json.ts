// JSON.rawJSON and JSON.isRawJSON (Node 21+, TC39 "JSON.parse source text access") are not in
// TypeScript's ES2024 library yet.
const rawJsonApi = JSON as JSON & {
  rawJSON(text: string): object;
  isRawJSON(value: unknown): boolean;
};

/**
 * Whether a value is a JSON.rawJSON number: the journal gives integers past 2^53 so, and
 * JSON.stringify writes them digit for digit.
 *
 * @example
 * isRawJson(JSON.rawJSON('9007199254740993')); // true
 */
export function isRawJson(value: unknown): boolean {
  return rawJsonApi.isRawJSON(value);
}

/**
 * Parses JSON keeping integers past 2^53 exact, as JSON.rawJSON numbers (as the journal does).
 *
 * @example
 * JSON.stringify(parseExactJson('{"id":9007199254740993}')); // '{"id":9007199254740993}'
 */
export function parseExactJson(text: string): unknown {
  return JSON.parse(text, function (
    this: unknown,
    _key,
    value: unknown,
    context?: { source?: string },
  ) {
    if (typeof value === 'number' && !Number.isSafeInteger(value)) {
      const source = context?.source;
      if (source !== undefined && /^-?\d+$/.test(source)) return rawJsonApi.rawJSON(source);
    }
    return value;
  } as (key: string, value: unknown) => unknown);
}
