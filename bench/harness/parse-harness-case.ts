/** One case of Prism's black-box harness (`test-harness/specs/**\/*.txt`). */
export interface HarnessCase {
  test: string;
  spec: string;
  /** Prism's arguments, e.g. `mock -p 4010 ${document} --errors`. */
  server: string;
  /** The curl command, against http://localhost:4010. */
  command: string;
  expect?: string;
  expectLoose?: string;
  expectKeysOnly?: string;
}

/** An HTTP answer as curl -i prints it, split as the harness's http-string-parser splits it. */
export interface RawAnswer {
  statusLine: string;
  statusCode: string;
  headers: Record<string, string>;
  body: string;
}

const sectionPattern =
  /====(server|test|spec|command|expect|expect-loose|expect-keysOnly)====\r?\n/gi;

/**
 * The sections of a harness case, as the harness's own parser reads them.
 *
 * @example
 * parseHarnessCase('====test====\nHello\n====spec====\n...').test; // 'Hello\n'
 */
export function parseHarnessCase(text: string): HarnessCase {
  const parts = text.split(sectionPattern);
  const section = (name: string): string | undefined => {
    const index = parts.findIndex((part) => part === name);
    return index === -1 ? undefined : parts[index + 1];
  };
  const expected = {
    expect: section('expect'),
    expectLoose: section('expect-loose'),
    expectKeysOnly: section('expect-keysOnly'),
  };
  return {
    test: section('test') ?? '',
    spec: section('spec') ?? '',
    server: section('server') ?? '',
    command: section('command') ?? '',
    ...Object.fromEntries(Object.entries(expected).filter(([, value]) => value !== undefined)),
  };
}

/**
 * An answer as `curl -i` printed it (or as a case expects it): the status line, headers up to the
 * first empty line, the rest as the body (lines joined by CRLF, as http-string-parser does).
 *
 * @example
 * parseRawAnswer('HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\n\r\nhi').body; // 'hi'
 */
export function parseRawAnswer(text: string): RawAnswer {
  const lines = text.trim().split(/\r?\n/);
  const statusLine = lines.shift() ?? '';
  const statusCode = /^HTTP\/\S+\s+(\d+)/.exec(statusLine)?.[1] ?? '';
  const headers: Record<string, string> = {};
  for (let line = lines.shift(); line !== undefined && line !== ''; line = lines.shift()) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return { statusLine, statusCode, headers, body: lines.join('\r\n') };
}
