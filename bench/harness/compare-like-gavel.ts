import { isDeepStrictEqual } from 'node:util';
import type { HarnessCase, RawAnswer } from './parse-harness-case.ts';
import { parseRawAnswer } from './parse-harness-case.ts';

// Header values gavel compares; of every other expected header only the name must be there.
const valueHeaders = [
  'content-type',
  'accept',
  'accept-charset',
  'accept-encoding',
  'accept-language',
];

/**
 * Why an answer fails a harness case, as the harness decides (empty: it passes): gavel's rules
 * (the status code equal; each expected header present, with an equal value for the content
 * negotiation headers; a JSON body holding each expected key, objects and arrays where the
 * expected has them; any other body equal as text), XML bodies compared by element structure,
 * then the `expect` section's body equal byte for byte and `expect-keysOnly`'s top-level keys in
 * the same order.
 *
 * @example
 * compareLikeGavel(harnessCase, parseRawAnswer(curlOutput)); // ['status 404, expected 200']
 */
export function compareLikeGavel(harnessCase: HarnessCase, output: RawAnswer): string[] {
  const expectedText = harnessCase.expect ?? harnessCase.expectLoose ?? harnessCase.expectKeysOnly;
  const expected = parseRawAnswer(expectedText ?? '');
  if (looksLikeXml(expected.body)) return gavelReasons(expected, output);
  // The harness passes an answer gavel refuses when it still holds the expected message as it
  // is: the status line, each header by name as written with its value, the body.
  const asWritten =
    expected.statusLine === output.statusLine &&
    expected.body === output.body &&
    Object.entries(expected.headers).every(([name, value]) => output.headers[name] === value);
  const reasons = gavelReasons(expected, output);
  if (asWritten) reasons.length = 0;
  if (harnessCase.expect !== undefined && output.body !== expected.body) {
    reasons.push('body not equal to the expected one');
  } else if (harnessCase.expectKeysOnly !== undefined) {
    const keys = (body: string): string[] => Object.keys(parseJson(body)?.value ?? {});
    if (!isDeepStrictEqual(keys(output.body), keys(expected.body))) {
      reasons.push('top-level keys not in the expected order');
    }
  }
  return reasons;
}

function gavelReasons(expected: RawAnswer, output: RawAnswer): string[] {
  const reasons: string[] = [];
  if (expected.statusCode !== output.statusCode) {
    reasons.push(`status ${output.statusCode}, expected ${expected.statusCode}`);
  }
  reasons.push(...headerReasons(expected.headers, output.headers));
  if (looksLikeXml(expected.body)) {
    if (!sameXmlShape(expected.body, output.body)) reasons.push('XML body of another structure');
    return reasons;
  }
  reasons.push(...bodyReasons(expected, output));
  return reasons;
}

function headerReasons(expected: Record<string, string>, actual: Record<string, string>): string[] {
  const lower = (headers: Record<string, string>) =>
    new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const have = lower(actual);
  return [...lower(expected)].flatMap(([name, value]) => {
    const got = have.get(name);
    if (got === undefined) return [`no ${name} header`];
    if (valueHeaders.includes(name) && got !== value) return [`${name}: ${got}, expected ${value}`];
    return [];
  });
}

function bodyReasons(expected: RawAnswer, actual: RawAnswer): string[] {
  const kind = (answer: RawAnswer): 'json' | 'text' | 'broken' => {
    const json = /^application\/(.+\+)?json\b|\+json\b/i.test(contentType(answer));
    if (parseJson(answer.body) !== undefined) return 'json';
    return json ? 'broken' : 'text';
  };
  const [want, got] = [kind(expected), kind(actual)];
  if (want === 'broken' || got === 'broken')
    return ['a JSON content type on a body that is no JSON'];
  if (want !== got) {
    return [
      expected.body !== '' && actual.body === '' ? 'no body' : `a ${got} body, expected ${want}`,
    ];
  }
  if (want === 'text') return expected.body === actual.body ? [] : ['text body differs'];
  const missing = missingShape(
    parseJson(expected.body)?.value,
    parseJson(actual.body)?.value,
    '',
    true,
  );
  return missing === undefined ? [] : [`JSON body: ${missing}`];
}

// Gavel's schema from a JSON example: the top level's type, objects and arrays where the example
// has them, every key of an object required, an array's items checked by position.
function missingShape(want: unknown, got: unknown, at: string, top: boolean): string | undefined {
  const type = (value: unknown): string =>
    value === null
      ? 'null'
      : Array.isArray(value)
        ? 'array'
        : Number.isInteger(value)
          ? 'integer'
          : typeof value;
  const wanted = type(want);
  const isBase = wanted !== 'array' && wanted !== 'object';
  if (
    (top || !isBase) &&
    type(got) !== wanted &&
    !(wanted === 'number' && type(got) === 'integer')
  ) {
    return `${at || '/'} is ${type(got)}, expected ${wanted}`;
  }
  if (isBase) return undefined;
  const entries = Object.entries(want as object);
  for (const [key, value] of entries) {
    const child = `${at}/${key}`;
    if (wanted === 'object' && !Object.hasOwn(got as object, key)) return `no ${child}`;
    if (wanted === 'array' && Number(key) >= (got as unknown[]).length) continue;
    const missing = missingShape(value, (got as Record<string, unknown>)[key], child, false);
    if (missing !== undefined) return missing;
  }
  return undefined;
}

// The harness tells XML by the expected body alone and compares element structure, not values
// (diff-js-xml with compareElementValues off, which compares the documents as objects, where
// the order of sibling elements does not count): here, the same elements, in any order.
function looksLikeXml(body: string): boolean {
  return /^\s*<[?!A-Za-z_][\s\S]*>\s*$/.test(body);
}

function sameXmlShape(expected: string, actual: string): boolean {
  const elements = (xml: string): string[] =>
    [...xml.matchAll(/<(\/?[A-Za-z_][\w.:-]*)/g)].map((match) => match[1] ?? '').sort();
  return isDeepStrictEqual(elements(expected), elements(actual));
}

function contentType(answer: RawAnswer): string {
  const entry = Object.entries(answer.headers).find(
    ([name]) => name.toLowerCase() === 'content-type',
  );
  return entry?.[1] ?? '';
}

function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}
