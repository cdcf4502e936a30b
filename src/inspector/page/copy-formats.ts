import type { Entry } from './entry.ts';

// Headers the HTTP client sets by itself, or that the journal redacted: a copied command that
// replays them would send a wrong length or a token that reads "Bearer".
const skippedHeaders = new Set(['host', 'content-length', 'connection', 'transfer-encoding']);

const shellQuote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

function urlOf(entry: Entry): string {
  const host = entry.request.headers.host ?? 'localhost';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(entry.request.query)) {
    for (const each of Array.isArray(value) ? value : [value]) params.append(name, each);
  }
  const search = params.toString();
  return `http://${host}${entry.request.path}${search === '' ? '' : `?${search}`}`;
}

function bodyText(body: unknown): string | undefined {
  if (body === null || body === undefined) return undefined;
  return typeof body === 'string' ? body : JSON.stringify(body);
}

/**
 * The request as a curl command. The journal keeps only the scheme of `Authorization`, so the
 * command carries `<token>` for the credential.
 *
 * @example
 * toCurl(entry); // curl -X POST 'http://localhost:4010/plants' -H 'content-type: application/json' --data-raw '{"id":1}'
 */
export function toCurl(entry: Entry): string {
  const parts = ['curl', '-X', entry.request.method, shellQuote(urlOf(entry))];
  for (const [name, value] of Object.entries(entry.request.headers)) {
    if (skippedHeaders.has(name)) continue;
    const shown = name === 'authorization' && !value.includes(' ') ? `${value} <token>` : value;
    parts.push('-H', shellQuote(`${name}: ${shown}`));
  }
  const body = bodyText(entry.request.body);
  if (body !== undefined) parts.push('--data-raw', shellQuote(body));
  return parts.join(' ');
}

/**
 * The request pattern that matches this request, as a test passes it to `verify` (method, path
 * and the body when there is one).
 *
 * @example
 * await mock.verify(JSON.parse(toVerifyPattern(entry)), { exactly: 1 });
 */
export function toVerifyPattern(entry: Entry): string {
  const pattern: Record<string, unknown> = {
    method: entry.request.method,
    path: entry.request.path,
  };
  const { body } = entry.request;
  if (body !== null && body !== undefined && typeof body !== 'string') {
    pattern.body = { equalTo: body };
  }
  return JSON.stringify(pattern, null, 2);
}

const statusTexts: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  500: 'Internal Server Error',
};

const nameValues = (headers: Record<string, string>) =>
  Object.entries(headers).map(([name, value]) => ({ name, value }));
const byteLength = (text: string | undefined): number =>
  text === undefined ? 0 : new TextEncoder().encode(text).length;

/**
 * The interaction as a HAR 1.2 log of one entry, as GET /__admin/requests.har writes each.
 *
 * @example
 * JSON.parse(toHar(entry, '0.1.0')).log.entries.length; // 1
 */
export function toHar(entry: Entry, version: string): string {
  const requestText = bodyText(entry.request.body);
  const responseText = bodyText(entry.response.body);
  const query = Object.entries(entry.request.query).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((each) => ({ name, value: each })),
  );
  const harEntry = {
    startedDateTime: entry.receivedAt,
    time: entry.durationMs,
    request: {
      method: entry.request.method,
      url: urlOf(entry),
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: nameValues(entry.request.headers),
      queryString: query,
      ...(requestText === undefined
        ? {}
        : {
            postData: {
              mimeType: entry.request.headers['content-type'] ?? '',
              text: requestText,
            },
          }),
      headersSize: -1,
      bodySize: byteLength(requestText),
    },
    response: {
      status: entry.response.status,
      statusText: statusTexts[entry.response.status] ?? '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: nameValues(entry.response.headers),
      content: {
        size: byteLength(responseText),
        mimeType: entry.response.headers['content-type'] ?? '',
        ...(responseText === undefined ? {} : { text: responseText }),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: byteLength(responseText),
    },
    cache: {},
    timings: { send: 0, wait: entry.durationMs, receive: 0 },
    comment: `session ${entry.session}; ${entry.operationId ?? 'no operation'}`,
  };
  const log = {
    log: {
      version: '1.2',
      creator: { name: 'plant-store-mock', version },
      entries: [harEntry],
    },
  };
  return JSON.stringify(log, null, 2);
}

/**
 * Text with its control characters made visible (U+2400 pictures; tab and line feed kept), so
 * that a body of binary junk shows as what it is rather than breaking the layout.
 *
 * @example
 * visibleText('a\u0000b'); // 'a␀b'
 */
export function visibleText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, (c) =>
    c === '\u007f' ? '\u2421' : String.fromCharCode(0x2400 + c.charCodeAt(0)),
  );
}
