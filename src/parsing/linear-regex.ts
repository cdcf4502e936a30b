import { RE2JS } from 're2js';
import type { ErrorCode } from '../errors.ts';

/** A compiled regular expression: `test` searches the text (unanchored), as RegExp's does. */
export interface LinearRegex {
  test(text: string): boolean;
}

/** A user's pattern that the linear-time engine cannot run (lookahead, backreference...). */
export class UnsupportedPatternError extends Error {
  readonly code = 'PATTERN_UNSUPPORTED' satisfies ErrorCode;
  readonly pattern: string;
  /** Why, e.g. `uses a lookahead ((?=...) or (?!...))`. */
  readonly reason: string;

  constructor(pattern: string, reason: string, options: { cause?: unknown } = {}) {
    super(
      `Failed to compile the pattern ${JSON.stringify(pattern)}: it ${reason}, which the mock's linear-time regex engine (RE2) cannot run. Make sure to write it without lookahead or backreferences, with repeat counts up to 1000.`,
      { cause: options.cause },
    );
    this.name = 'UnsupportedPatternError';
    this.pattern = pattern;
    this.reason = reason;
  }
}

/**
 * Compiles a JavaScript (ECMA-262) pattern for RE2JS, a port of RE2 whose matching time grows
 * linearly with the text whatever the pattern: every pattern a user supplies (request patterns,
 * stubs, the contract's `pattern` keywords) runs through it, because a backtracking engine takes
 * seconds to years on `(a+)+$` and holds every session behind it. Throws UnsupportedPatternError
 * for what RE2 cannot do in linear time: lookahead, backreferences, captures in lookbehind.
 *
 * @example
 * compileLinearRegex('^(a+)+$').test('a'.repeat(100_000) + '!'); // false, in milliseconds
 * compileLinearRegex('(?=a)'); // throws UnsupportedPatternError
 */
export function compileLinearRegex(pattern: string): LinearRegex {
  try {
    // Compiling is linear in the pattern with V8 too; it only checks the JavaScript syntax.
    new RegExp(pattern, 'u');
  } catch (unicodeError) {
    try {
      new RegExp(pattern);
    } catch {
      throw new UnsupportedPatternError(pattern, 'is not a valid regular expression', {
        cause: unicodeError,
      });
    }
  }
  // RE2JS turns `\k<name>` into a plain `k<name>`: refuse it rather than match something else.
  if (/\\k</.test(pattern)) throw new UnsupportedPatternError(pattern, 'uses a backreference');
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(RE2JS.translateRegExp(pattern), RE2JS.LOOKBEHINDS);
  } catch (cause) {
    throw new UnsupportedPatternError(pattern, reasonOf(cause), { cause });
  }
  const regex = {
    test: (text: string) => compiled.test(text),
    // Ajv keys its compiled patterns by this text.
    toString: () => `/${pattern}/`,
  };
  return regex;
}

/**
 * Ajv's `code.regExp` option: the contract's `pattern` and `patternProperties` run through
 * compileLinearRegex. `code` is what Ajv's standalone output would import; the mock never uses it.
 */
export const linearRegExpEngine = Object.assign(
  (pattern: string): LinearRegex => compileLinearRegex(pattern),
  { code: 'compileLinearRegex' },
);

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/`\(\?[=!]/.test(message)) return 'uses a lookahead ((?=...) or (?!...))';
  if (/invalid escape sequence: `\\[1-9]/.test(message)) return 'uses a backreference';
  if (/capture in lookbehind/.test(message)) return 'captures inside a lookbehind';
  if (/invalid named capture: `\(\?<[=!]/.test(message)) return 'uses an unsupported lookbehind';
  if (/repeat count/.test(message)) return 'repeats more than 1000 times';
  return `is not RE2 syntax (${message.replace(/^error parsing regexp: /, '')})`;
}
